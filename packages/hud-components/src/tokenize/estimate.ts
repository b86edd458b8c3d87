import { estimateTokenCount } from "tokenx";
import { asciiEstimate } from "./ascii-estimate.ts";
import type { Tokenizer } from "./tokenizer.ts";

/**
 * What tokenx's estimate is multiplied by. Measured on HUDs, prose and code (bench/tokenizer.ts), tokenx
 * undercounts by up to 16% on HUD text against a Claude tokenizer and up to 23% on prose full of decimal
 * figures against o200k (a docs table); times this factor, no sample's real count is over 1.05 times the
 * estimate (the stated margin, `ESTIMATE_MARGIN`, which a unit test holds the corpus to; worst today 1.035,
 * where 1.18 let a new docs table of figures reach 1.052).
 */
export const ESTIMATE_FACTOR = 1.2;

/** A HUD fitted with the estimate is never over its budget by more than this share in the model's own tokens. */
export const ESTIMATE_MARGIN = 0.05;

/** Letters of the scripts tokenx prices (Latin, Greek, Cyrillic, CJK, kana, Hangul) and the HUD's own marks. */
const priced = (c: number) =>
  (c >= 0xa0 && c <= 0x24f) ||
  (c >= 0x370 && c <= 0x4ff) ||
  (c >= 0x2000 && c <= 0x2bff) ||
  (c >= 0x3000 && c <= 0x30ff) ||
  (c >= 0x3400 && c <= 0x4dbf) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7af) ||
  (c >= 0xff00 && c <= 0xffef);

const isWordChar = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);

/**
 * A floor for text tokenx does not model: characters of other scripts, symbols and stray code points are
 * counted at their UTF-8 length (a BPE spends at most a token per byte, and about that on such text), and
 * ASCII punctuation at a token per two characters (random punctuation costs o200k about 0.65 per character).
 */
function floor(text: string): number {
  let bytes = 0;
  let punctuation = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c > 0x20 && !isWordChar(c)) punctuation++;
    } else if (c >= 0xd800 && c < 0xdc00) {
      bytes += 4;
      i++;
    } else if (!priced(c)) bytes += c < 0x800 ? 2 : 3;
  }
  return bytes + punctuation / 2;
}

/** The estimate through tokenx itself: what the one-pass count gives wherever it answers. */
export const tokenxEstimate = (text: string): number =>
  text ? Math.ceil(Math.max(estimateTokenCount(text) * ESTIMATE_FACTOR, floor(text))) : 0;

/**
 * The default count: tokenx's estimate (word, number, punctuation and script rules over the text's
 * segments, no table) times `ESTIMATE_FACTOR`, or the floor where that is more. Costs nothing to load and
 * counts about 2.5 times as fast as o200k. Segments split at whitespace, so a HUD part (ending in "\n", the next
 * starting with a non-space character) counts the same alone as inside the whole; rounding each part up,
 * and taking the larger of two sums part by part, makes the sum of the parts at least the count of the whole.
 */
export const estimateTokenizer: Tokenizer = {
  name: `tokenx×${ESTIMATE_FACTOR}`,
  count: (text) => {
    if (!text) return 0;
    // ASCII and the HUD's marks (nearly every HUD part) in one pass: tokenx's count and the floor's together
    const ascii = asciiEstimate(text);
    return ascii ? Math.ceil(Math.max(ascii.tokens * ESTIMATE_FACTOR, ascii.symbols / 2)) : tokenxEstimate(text);
  },
  upperBound: true,
};
