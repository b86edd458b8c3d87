// The estimate's one-pass count (src/tokenize/ascii-estimate.ts) against tokenx itself: the same count on
// every text it answers for, and no answer (tokenx then counts) for text with any other character.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { estimateTokenCount } from "tokenx";
import { estimateTokenizer } from "../src/index.ts";
import { asciiEstimate } from "../src/tokenize/ascii-estimate.ts";
import { tokenxEstimate } from "../src/tokenize/estimate.ts";
import { tokenCorpus } from "./support/token-corpus.ts";

const MARKS = [..."—–…·×→←≤≥"];
const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
// runs of one class are what tokenx's rules turn on: whitespace with line breaks, punctuation, digits, words
const pieces = [
  ...ascii,
  ...MARKS,
  "\n",
  "\n\n",
  " \n",
  "\n  ",
  "   ",
  "...",
  "----",
  "`hud`",
  "12345",
  "abcdefgh",
  "abcdefghi",
  "Word",
  "don't",
  "tool_name",
];
const textArb = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(""));

describe("the estimate's one-pass count", () => {
  test("answers with tokenx's count on any text of ASCII and the HUD's marks", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const fast = asciiEstimate(text);
        expect(fast).toBeDefined();
        expect(fast!.tokens).toBe(estimateTokenCount(text));
        expect(estimateTokenizer.count(text)).toBe(tokenxEstimate(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("each mark alone and beside words, digits and punctuation counts as tokenx counts it", () => {
    for (const mark of MARKS)
      for (const text of [mark, ` ${mark} `, `a${mark}b`, `12${mark}`, `.${mark}.`, `${mark}${mark}${mark}${mark}`])
        expect({ text, count: asciiEstimate(text)?.tokens }).toEqual({ text, count: estimateTokenCount(text) });
  });

  test("gives no answer for any other character, so tokenx counts it (fallback)", () => {
    for (const text of ["é", "naïve", "日本語", "a\u00a0b", "⚠ critical", "😀", "ß", "привет", "x\u2028y", "a\ud800"])
      expect({ text, fast: asciiEstimate(text) }).toEqual({ text, fast: undefined });
    expect(estimateTokenizer.count("naïve café ⚠")).toBe(tokenxEstimate("naïve café ⚠"));
  });

  test("counts every corpus sample (HUDs, prose, code) as tokenx does", () => {
    let answered = 0;
    for (const sample of tokenCorpus(estimateTokenizer)) {
      expect({ name: sample.name, count: estimateTokenizer.count(sample.text) }).toEqual({
        name: sample.name,
        count: tokenxEstimate(sample.text),
      });
      // lines are what a HUD's parts are made of
      for (const line of sample.text.split("\n")) if (asciiEstimate(line)) answered++;
    }
    expect(answered).toBeGreaterThan(100);
  });
});
