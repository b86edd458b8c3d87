import { expect, test } from "bun:test";
import fc from "fast-check";
import { h, toMarkdown } from "@agent-hud/ujsx";
import { bpeTokenizer } from "../src/o200k.ts";
import { PartCache } from "../src/internal.ts";
import { command, labelLine } from "../src/components/markup.ts";
import { fillPlainSlot, plainSlotTemplate } from "../src/budget/number-template.ts";

test("number-shape templates give exactly what serialising the block would (property)", () => {
  const cache = new PartCache(bpeTokenizer);
  const withDigits = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[0-9<>&*_\\[\]().#!:|` \n%→kM-]{0,14}$/),
    fc
      .tuple(
        fc.constantFrom("", "1. ", "\n2) ", "- ", "# ", "x", " ", "*"),
        fc.nat(100_000),
        fc.constantFrom("", ".", ")", "%", "\n3. y", "k used", "_a"),
      )
      .map(([a, n, b]) => `${a}${n}${b}`),
  );
  // the same shape with other numbers, seen first: a template is made from a shape's second sighting
  const shifted = (text: string) => text.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  const blockOf = (kind: string, a: string, b: string) =>
    kind === "heading"
      ? h("heading", { depth: 4 }, a, b)
      : kind === "strong"
        ? h("paragraph", {}, h("strong", {}, a || "x"), " ", b)
        : h("paragraph", {}, a, b);
  fc.assert(
    fc.property(withDigits, withDigits, fc.constantFrom("paragraph", "heading", "strong"), (a, b, kind) => {
      const before = blockOf(kind, shifted(a), shifted(b));
      const node = blockOf(kind, a, b);
      expect(cache.block(before).md).toBe(toMarkdown(before, { mode: "production" }));
      expect(cache.block(node).md).toBe(toMarkdown(node, { mode: "production" }));
    }),
    { numRuns: 4000 },
  );
  // The shape path was exercised, not just the fallback.
  expect(cache.templateCount).toBeGreaterThan(300);
});

test("a plain run put in a line's slot gives exactly what serialising the line would (property); anything else falls back to serialising it whole", () => {
  const lines = [
    (run: string) => labelLine("Not shown", `${run} — `, command("snapshot")),
    (run: string) => h("paragraph", {}, "a ", h("strong", {}, "b"), ` ${run} c`),
    (run: string) => h("heading", { depth: 4 }, `x${run}y`),
  ];
  const templates = lines.map((line) => plainSlotTemplate(line));
  expect(templates.every((t) => t !== null)).toBe(true);
  const plain = fc.stringMatching(/^[0-9a-z ,]{1,40}$/);
  fc.assert(
    fc.property(plain, fc.nat(lines.length - 1), (run, i) => {
      expect(fillPlainSlot(templates[i]!, run)).toBe(toMarkdown(lines[i]!(run), { mode: "production" }));
    }),
    { numRuns: 3000 },
  );
  for (const run of ["3 my-tests sections", "2 notes.", "1 Note", "a\nb", "*x*", "1 note\\"])
    expect(fillPlainSlot(templates[0]!, run)).toBeUndefined();
  // a slot at a line's edge, or beside a character an escaping rule looks at, gets no template
  expect(plainSlotTemplate((run) => h("paragraph", {}, run))).toBeNull();
  expect(plainSlotTemplate((run) => h("list", {}, h("item", {}, h("paragraph", {}, `+${run} more`))))).toBeNull();
  expect(plainSlotTemplate((run) => h("paragraph", {}, "a ", h("emphasis", {}, "b"), `${run} c`))).toBeNull();
});
