/**
 * tokenx's `estimateTokenCount` (2.2, no options) for text of ASCII and the few marks the HUD writes, in
 * one pass over the characters: tokenx splits the text with a regular expression, yields each segment from a
 * generator and tests it against up to seven more, which a process without JSC's JIT (a hook, which lives for
 * one render) runs in its interpreter at ~0.4 µs a character. Undefined where the text holds any other
 * character (tokenx then counts it). A property test holds the two equal on such text.
 *
 * tokenx's rules on ASCII: the text splits into runs of whitespace, runs of its punctuation and the words
 * between. Whitespace counts 1 with a line break followed by more whitespace, 0 without a line break, else 1
 * unless it follows punctuation; a punctuation run 1 up to 3 characters, else one per 6; a word of digits
 * one per 3, any other word 1 up to 3 characters, 1 for a lower-case word up to 8, else one per 7.
 */

const SPACE = 1;
const PUNCTUATION = 2;
const DIGIT = 4;
const LOWER = 8;
/** Outside tokenx's punctuation but not a word character either: `floor`'s share (estimate.ts). */
const SYMBOL = 16;

/**
 * Marks past ASCII that tokenx treats as any letter of a word outside its language rules (none is
 * whitespace, its punctuation, CJK or a pictograph; a test checks each against its patterns), and that the
 * estimate's floor prices at nothing.
 */
const MARKS = "—–…·×→←≤≥";
const isMark = (c: number) => MARKS.indexOf(String.fromCharCode(c)) >= 0;

/** Each ASCII character's classes. */
const CLASSES = new Uint8Array(128);
for (let c = 0x09; c <= 0x0d; c++) CLASSES[c] = SPACE;
CLASSES[0x20] = SPACE;
for (const char of '.,!?;(){}[]<>:/\\|@#$%^&*+=`~_"-') CLASSES[char.charCodeAt(0)] = PUNCTUATION | SYMBOL;
for (let c = 0x30; c <= 0x39; c++) CLASSES[c] = DIGIT;
for (let c = 0x61; c <= 0x7a; c++) CLASSES[c] = LOWER;
// the rest of printable ASCII but letters: the apostrophe
for (let c = 0x21; c < 0x7f; c++)
  if (CLASSES[c] === 0 && !((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) CLASSES[c] = SYMBOL;
CLASSES[0x7f] = SYMBOL;

/**
 * tokenx's count of `text` and the number of its ASCII characters other than space, letters and digits (the
 * floor's punctuation); undefined for text with a character past ASCII other than `MARKS`.
 */
export function asciiEstimate(text: string): { tokens: number; symbols: number } | undefined {
  const n = text.length;
  let tokens = 0;
  let symbols = 0;
  // whether the segment before a whitespace run was punctuation
  let afterPunctuation = false;
  let i = 0;
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first >= 0x80 && !isMark(first)) return undefined;
    const kind = first < 0x80 ? CLASSES[first]! : 0;
    let j = i + 1;
    if (kind & SPACE) {
      let newline = first === 0x0a ? i : -1;
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c >= 0x80 || !(CLASSES[c]! & SPACE)) break;
        if (c === 0x0a && newline < 0) newline = j;
      }
      // a line break with whitespace after it (tokenx's /\n\s/) is structure: one token
      if (newline >= 0 && newline < j - 1) tokens += 1;
      else if (newline >= 0 && !afterPunctuation) tokens += 1;
    } else if (kind & PUNCTUATION) {
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c >= 0x80 || !(CLASSES[c]! & PUNCTUATION)) break;
      }
      const length = j - i;
      symbols += length;
      tokens += length <= 3 ? 1 : Math.ceil(length / 6);
      afterPunctuation = true;
    } else {
      let all = kind;
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c >= 0x80 && !isMark(c)) return undefined;
        const k = c < 0x80 ? CLASSES[c]! : 0;
        if (k & (SPACE | PUNCTUATION)) break;
        all &= k;
        if (k & SYMBOL) symbols++;
      }
      if (kind & SYMBOL) symbols++;
      const length = j - i;
      if (all & DIGIT) tokens += Math.ceil(length / 3);
      else if (length <= 3 || (length <= 8 && all & LOWER)) tokens += 1;
      else tokens += Math.ceil(length / 7);
      afterPunctuation = false;
    }
    i = j;
  }
  return { tokens, symbols };
}
