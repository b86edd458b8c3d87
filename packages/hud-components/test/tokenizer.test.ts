import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { charsTokenizer } from "../src/index.ts";
import { bpeTokenizer } from "../src/o200k.ts";

describe("tokenizers", () => {
  test("o200k counts real BPE tokens and tolerates special-token text", () => {
    expect(bpeTokenizer.count("")).toBe(0);
    expect(bpeTokenizer.count("hello world")).toBe(2);
    expect(bpeTokenizer.count("a <|endoftext|> b")).toBeGreaterThan(3);
  });

  test('counts add up across HUD joins: a part ending in "\\n" + a part starting with a non-space, non-"/" (property)', () => {
    const line = fc.string({ unit: "grapheme", maxLength: 40 });
    const start = fc.constantFrom("- ", "#### ", "**", "- [ ] ", "x", "+", "*", "`");
    fc.assert(
      fc.property(line, fc.boolean(), start, line, (a, blank, s, b) => {
        const first = `${a}\n${blank ? "\n" : ""}`;
        const second = `${s}${b}\n`;
        expect(bpeTokenizer.count(first + second)).toBe(bpeTokenizer.count(first) + bpeTokenizer.count(second));
      }),
      { numRuns: 2000 },
    );
  });

  test("chars/4 summed over parts never under-counts the whole", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), (parts) => {
        const sum = parts.reduce((n, p) => n + charsTokenizer.count(p), 0);
        expect(sum).toBeGreaterThanOrEqual(charsTokenizer.count(parts.join("")));
      }),
    );
  });
});
