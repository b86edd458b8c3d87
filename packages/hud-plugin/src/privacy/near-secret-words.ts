import { lookAlikeAt, publicRun } from "./look-alikes.ts";
import { entropy, forEachRun, randomLooking, type Range } from "./token-runs.ts";

/** A secret-like word, read in the 60 characters of the line before a high-entropy run. */
const WORD =
  /secret|token|passw(?:or)?d|pwd|passphrase|credential|api[-_ ]?key|access[-_ ]?key|private[-_ ]?key|auth|bearer|ssws/i;
const BEFORE = 60;
const INTEGRITY = /^sha(?:1|256|384|512)-/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;

/**
 * High entropy: 16+ characters with digits and capitals mixed as random text has them, or 32+ characters
 * of 4 bits a character. Bare hexadecimal (commits, digests) and UUIDs are not (`randomLooking`).
 */
export function highEntropy(run: string): boolean {
  if (run.length < 16 || !randomLooking(run)) return false;
  const digits = run.replace(/\D/g, "").length;
  if (digits < 2) return false;
  const bits = entropy(run);
  if (run.length >= 32 && bits >= 4) return true;
  // camelCase words have a capital a word; random text has about as many capitals as small letters
  const upper = run.replace(/[^A-Z]/g, "").length;
  const letters = run.replace(/[^A-Za-z]/g, "").length;
  return UPPER.test(run) && LOWER.test(run) && upper >= letters * 0.25 && upper <= letters * 0.75 && bits >= 3.5;
}

/**
 * A long random run close after a secret-like word on its line, in prose or any syntax the named-value
 * rule does not read (`my token is …`, `set -x PASSWORD …`, `token …`): the run goes, the word stays.
 * Only high-entropy runs look back for a word, so ordinary text costs one scan of its runs.
 */
export function nearSecretWordRanges(text: string): Range[] {
  const ranges: Range[] = [];
  forEachRun(text, (whole, start) => {
    const run = whole.replace(/\.+$/, "");
    if (run.length < 16 || INTEGRITY.test(run) || publicRun(run) || !highEntropy(run)) return;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    if (!WORD.test(text.slice(Math.max(lineStart, start - BEFORE), start)) || lookAlikeAt(text, start)) return;
    ranges.push({ start, end: start + run.length, kind: "secret" });
  });
  return ranges;
}
