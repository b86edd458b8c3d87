import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { h, isContained, terminalText, textWidth, toTerminal, type Child } from "../src/index.ts";

// What an agent (or a prompt-injected file it read) could write to move the cursor, recolour the
// terminal, start a new row, or reorder text: escape sequences, controls, line and bidi separators,
// wide glyphs and long words that must wrap.
const tokens = [
  "\x1b[31m",
  "\x1b[2J",
  "\x1b[H",
  "\x1b]0;title\x07",
  "\x1b]8;;https://x\x1b\\",
  "\x1bP1$r\x1b\\",
  "\x1b",
  "\x9b1A",
  "\x07",
  "\b",
  "\x00",
  "\x7f",
  "\r",
  "\n",
  "\r\n",
  "\t",
  "\v",
  "\f",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u202e",
  "\u2066",
  "\u200f",
  " ",
  "  ",
  "a",
  "word",
  "averyveryverylongwordwithoutanyspaces",
  "漢字",
  "🙂",
  "👩‍💻",
  "é",
  "e\u0301",
  "─",
  "• ",
  "[x] ",
];
const agentText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...tokens), minLength: 1, maxLength: 16 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
);

/** Each place puts agent text somewhere and names rows that must come out exactly as given. */
type Place = { tree: (s: string) => Child; rowsAfter: string[] };
const places: Record<string, Place> = {
  paragraph: { tree: (s) => [h("paragraph", null, s), h("paragraph", null, "after")], rowsAfter: ["after"] },
  heading: { tree: (s) => [h("heading", { depth: 2 }, s), h("paragraph", null, "after")], rowsAfter: ["after"] },
  "list items": {
    tree: (s) => h("list", null, h("item", null, s), h("item", { checked: false }, s), h("item", null, "next")),
    rowsAfter: ["• next"],
  },
  "table cells": {
    tree: (s) => [
      h("table", null, h("row", null, h("cell", null, s), h("cell", null, s))),
      h("paragraph", null, "after"),
    ],
    rowsAfter: ["after"],
  },
  quote: {
    tree: (s) => [h("quote", null, h("paragraph", null, s)), h("paragraph", null, "after")],
    rowsAfter: ["after"],
  },
  "styled inline text and links": {
    tree: (s) => [
      h(
        "paragraph",
        null,
        h("strong", null, s),
        h("emphasis", null, s),
        h("delete", null, s),
        h("link", { url: s }, s),
      ),
      h("paragraph", null, "after"),
    ],
    rowsAfter: ["after"],
  },
  "inline code and code block": {
    tree: (s) => [
      h("paragraph", null, h("inlineCode", { value: s })),
      h("code", { value: s }),
      h("paragraph", null, "after"),
    ],
    rowsAfter: ["after"],
  },
};

describe("containment: agent text never draws outside its rows", () => {
  for (const [name, place] of Object.entries(places)) {
    test(
      name,
      () => {
        fc.assert(
          fc.property(agentText, fc.constantFrom(12, 24, 40), (s, width) => {
            const lines = toTerminal(place.tree(s), { width });
            for (const line of lines) {
              for (const span of line) expect(isContained(span.text)).toBe(true);
              expect(textWidth(line.map((span) => span.text).join(""))).toBeLessThanOrEqual(width);
            }
            const text = terminalText(lines).split("\n");
            expect(text.slice(-place.rowsAfter.length)).toEqual(place.rowsAfter);
          }),
          { numRuns: 400 },
        );
      },
      30_000,
    );
  }

  test("the check itself can fail: raw agent text is not contained", () => {
    expect(isContained("a\x1b[31mb")).toBe(false);
    expect(isContained("a\nb")).toBe(false);
    expect(isContained("a\u202eb")).toBe(false);
    expect(isContained("plain 漢字 🙂")).toBe(true);
  });

  test("escape sequences go as a whole, line endings become spaces", () => {
    expect(terminalText(toTerminal(h("paragraph", null, "a\x1b[31mred\x1b[0m\nb\x1b]0;t\x07c")))).toBe("ared bc");
  });
});
