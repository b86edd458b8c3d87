import { entropy, randomLooking, runChar, type Range } from "./token-runs.ts";

/** A secret-like word, read in the 60 characters of the line before a high-entropy run. */
const WORD =
  /secret|token|passw(?:or)?d|pwd|passphrase|credential|api[-_ ]?key|access[-_ ]?key|private[-_ ]?key|auth|bearer|ssws/i;
const BEFORE = 60;
const UPPER = /[A-Z]/;

/**
 * High entropy: 16+ characters with digits and capitals mixed as random text has them, or 32+ characters
 * of 4 bits a character. Bare hexadecimal (commits, digests) and UUIDs are not (`randomLooking`).
 */
export function highEntropy(run: string): boolean {
  if (run.length < 16) return false;
  const long = run.length >= 32;
  // short runs need capitals; most runs in ordinary output stop here
  if (!long && !UPPER.test(run)) return false;
  if (!randomLooking(run)) return false;
  let digits = 0;
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code >= 65 && code <= 90) (upper++, letters++);
    else if (code >= 97 && code <= 122) letters++;
  }
  if (digits < 2) return false;
  const bits = entropy(run);
  if (long && bits >= 4) return true;
  // camelCase words have a capital a word; random text has about as many capitals as small letters
  return upper > 0 && upper < letters && upper >= letters * 0.25 && upper <= letters * 0.75 && bits >= 3.5;
}

/** A high-entropy run the structural scan saw, and where it started in the text it scanned. */
export type EntropicRun = { run: string; start: number };

/**
 * A long random run close after a secret-like word on its line, in prose or any syntax the named-value
 * rule does not read (`my token is …`, `set -x PASSWORD …`, `token …`): the run goes, the word stays.
 * Only the high-entropy runs the structural scan listed are looked for, in order, each within a window
 * ahead of the last one found (rules in between replaced values with marks, which moved the text, by at
 * most a few times the distance; one they took is not found), so ordinary text costs nothing and no
 * text costs more than one pass.
 */
export function nearSecretWordRanges(text: string, runs: readonly EntropicRun[]): Range[] {
  const ranges: Range[] = [];
  let cursor = 0;
  let since = 0;
  let lastEnd = 0;
  for (const { run, start: before } of runs) {
    since += before + run.length - lastEnd;
    lastEnd = before + run.length;
    const window = text.slice(cursor, Math.min(text.length, cursor + since * 6 + 512));
    const found = window.indexOf(run);
    if (found < 0) continue;
    const start = cursor + found;
    const end = start + run.length;
    cursor = end;
    since = 0;
    // the whole run, not a piece of a longer one (a sentence's full stop may follow it)
    const after = end < text.length ? text.charCodeAt(end) : 32;
    if ((start > 0 && runChar(text.charCodeAt(start - 1))) || (runChar(after) && after !== 46)) continue;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    if (WORD.test(text.slice(Math.max(lineStart, start - BEFORE), start))) ranges.push({ start, end, kind: "secret" });
  }
  return ranges;
}
