/**
 * Runs of token characters and whether one looks random: the unit the structural rules read, so that a
 * token glued to the text before it (`idghp_…`, `=AKIA…`) is found inside its run, and a mark takes the
 * run to its end (no tail of a token survives a match that stopped early).
 */
/** Token characters: `[\w.+/=~-]`. A table and a loop: a pattern's match object for every word costs more. */
const RUN_CHAR = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+/=~-") RUN_CHAR[c.charCodeAt(0)] = 1;
export const runChar = (code: number): boolean => code < 128 && RUN_CHAR[code] === 1;

/** Calls `each` with every maximal run of `min` or more token characters and where it starts. */
export function forEachRun(text: string, each: (run: string, start: number) => void, min: number): void {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && runChar(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= min) each(text.slice(start, i), start);
      start = -1;
    }
  }
}

const DIGIT = /\d/;
const LETTER = /[A-Za-z]/;
const CASE_SWITCH = /[a-z][A-Z]|[A-Z][a-z]/g;
// hashes, commit ids and UUIDs: hexadecimal (dashes allowed)
const HEX = /^[\da-f-]+$|^[\dA-F-]+$/;
const UPPER_RUN = /[A-Z]{16}/;

/**
 * Mixes letters and digits (not bare hex), or has 16 capitals in a row (an AWS key id can lack digits),
 * or is letters in random case (`hf_` tokens; camelCase words switch case rarely).
 */
export function randomLooking(token: string): boolean {
  if (LETTER.test(token) && DIGIT.test(token)) return !HEX.test(token);
  return UPPER_RUN.test(token) || (token.match(CASE_SWITCH)?.length ?? 0) >= 6;
}

const counts = new Int32Array(128);
/** Shannon entropy in bits per character (of the ASCII characters a run is made of). */
export function entropy(text: string): number {
  counts.fill(0);
  for (let i = 0; i < text.length; i++) counts[text.charCodeAt(i) & 127]!++;
  let bits = 0;
  for (let c = 0; c < 128; c++) {
    const n = counts[c]!;
    if (n > 0) bits -= (n / text.length) * Math.log2(n / text.length);
  }
  return bits;
}

export type Range = { start: number; end: number; kind: string };

/** The text with each range (sorted, not overlapping) replaced by its mark. */
export function applyRanges(text: string, ranges: readonly Range[], mark: (kind: string) => string): string {
  if (ranges.length === 0) return text;
  let out = "";
  let copied = 0;
  for (const range of ranges) {
    if (range.start < copied) continue;
    out += text.slice(copied, range.start) + mark(range.kind);
    copied = range.end;
  }
  return out + text.slice(copied);
}
