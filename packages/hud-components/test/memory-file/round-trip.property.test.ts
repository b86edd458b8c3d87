import { expect, test } from "bun:test";
import fc from "fast-check";
import { memoryItemsOf, memorySections, writeMemoryFile, type MemoryItem } from "../../src/memory-file/index.ts";
import { parseMemoryFile } from "../../src/memory-file/parse.ts";
import { lineText, projectEvents, projectOf } from "./support.ts";

test("any project memory → file → parsed back gives the same items, nothing unread (property)", () => {
  fc.assert(
    fc.property(projectEvents, (events) => {
      const items = memoryItemsOf(projectOf(events));
      const parsed = parseMemoryFile(writeMemoryFile(items));
      expect(parsed.items).toEqual(items);
      expect(parsed.unread).toEqual([]);
      expect(parsed.conflicts).toBe(false);
    }),
    { numRuns: 300 },
  );
});

const order = memorySections.map((s) => s.section);
const bySection = (items: MemoryItem[]) =>
  items.slice().sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));

type Edit = (lines: string[]) => string[];
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]): Edit => (lines) => {
    const out = lines.slice();
    const [i, j] = [a % out.length, b % out.length];
    [out[i], out[j]] = [out[j]!, out[i]!];
    return out;
  }),
  fc.tuple(fc.nat(), lineText).map(([a, text]): Edit => (lines) => {
    const i = a % lines.length;
    return lines.map((line, n) => (n === i ? `${line.slice(0, Math.ceil(line.length / 2))}${text}` : line));
  }),
  fc.nat().map(
    (a): Edit =>
      (lines) =>
        lines.filter((_, n) => n !== a % lines.length),
  ),
  fc.tuple(fc.nat(), fc.nat({ max: 4 })).map(([a, len]): Edit => (lines) => {
    const i = a % lines.length;
    const mid = lines.slice(i, i + len);
    return [
      ...lines.slice(0, i),
      "<<<<<<< HEAD",
      ...mid,
      "=======",
      ...mid.reverse(),
      ">>>>>>> theirs",
      ...lines.slice(i + len),
    ];
  }),
  fc.tuple(fc.nat(), fc.string({ unit: "binary", maxLength: 30 })).map(([a, junk]): Edit => (lines) => {
    const i = a % (lines.length + 1);
    return [...lines.slice(0, i), junk, ...lines.slice(i)];
  }),
  fc.tuple(fc.nat(), lineText).map(([a, title]): Edit => (lines) => {
    const i = a % (lines.length + 1);
    return [...lines.slice(0, i), `## ${title}`, "", "hand-written", ...lines.slice(i)];
  }),
);

test("random edits of the file never throw and never lose a line the parser keeps (property)", () => {
  fc.assert(
    fc.property(projectEvents, fc.array(edit, { minLength: 1, maxLength: 6 }), (events, edits) => {
      const file = writeMemoryFile(memoryItemsOf(projectOf(events)));
      const edited = edits.reduce((lines, e) => e(lines), file.split("\n")).join("\n");
      const parsed = parseMemoryFile(edited);
      const rewritten = writeMemoryFile(
        parsed.items,
        parsed.unread.map((part) => part.text),
      );
      for (const part of parsed.unread) {
        // line ends are read as git and editors do: CRLF and a lone CR end a line
        const lines = edited.replace(/\r\n?/g, "\n").split("\n");
        expect(lines.slice(part.start - 1, part.end).join("\n")).toBe(part.text);
        expect(rewritten).toContain(part.text.replace(/\s+$/, ""));
      }
      const again = parseMemoryFile(rewritten);
      // the writer groups lines by section; within a section the order is kept
      expect(again.items).toEqual(bySection(parsed.items));
      for (const part of parsed.unread) expect(again.unread.map((p) => p.text).join("\n")).toContain(part.text.trim());
    }),
    { numRuns: 300 },
  );
});
