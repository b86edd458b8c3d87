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

/**
 * A long random run close after a secret-like word on its line, in prose or any syntax the named-value
 * rule does not read (`my token is …`, `set -x PASSWORD …`, `token …`): the run goes, the word stays.
 * Only the high-entropy runs the structural scan listed are looked for (a rule in between may have taken
 * one), so ordinary text costs nothing here.
 */
export function nearSecretWordRanges(text: string, runs: readonly string[]): Range[] {
  const ranges: Range[] = [];
  for (const run of new Set(runs)) {
    for (let start = text.indexOf(run); start >= 0; start = text.indexOf(run, start + run.length)) {
      const end = start + run.length;
      // the whole run, not a piece of a longer one (a sentence's full stop may follow it)
      const after = end < text.length ? text.charCodeAt(end) : 32;
      if ((start > 0 && runChar(text.charCodeAt(start - 1))) || (runChar(after) && after !== 46)) continue;
      const lineStart = text.lastIndexOf("\n", start) + 1;
      if (WORD.test(text.slice(Math.max(lineStart, start - BEFORE), start)))
        ranges.push({ start, end, kind: "secret" });
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}
