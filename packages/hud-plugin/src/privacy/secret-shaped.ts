import { lookAlikeAt, pathLike, publicRun, wordLike } from "./look-alikes.ts";
import { highEntropy } from "./near-secret-words.ts";
import { entropy, forEachRun, randomLooking } from "./token-runs.ts";

/** A run this long of a secret's alphabet, random, is taken for a secret by the strict check. */
const MIN_RUN = 32;
const INTEGRITY = /^sha(?:1|256|384|512)-/;

/** Whether a run of token characters is secret-shaped: long, random, not a path or a known look-alike. */
function secretRun(run: string): boolean {
  if (run.length < MIN_RUN || INTEGRITY.test(run) || publicRun(run) || pathLike(run)) return false;
  return randomLooking(run) && !wordLike(run) && (highEntropy(run) || entropy(run) >= 4.2);
}

/**
 * What the repository receives passes the strictest check: after redaction, a text is secret-shaped when
 * the redactor would still change it, or when it holds a random run of 32+ token characters that is no
 * known look-alike (a commit, a digest, a UUID, an integrity string, a data URI, an SSH public key, a
 * path). The reason, in a few words, or undefined.
 */
export function secretShaped(redact: (text: string) => string, text: string): string | undefined {
  const redacted = redact(text);
  if (redact(redacted) !== redacted) return "a secret the redactor still finds";
  let found: string | undefined;
  forEachRun(
    redacted,
    (run, start) => {
      if (!found && secretRun(run) && !lookAlikeAt(redacted, start)) found = `a random run of ${run.length} characters`;
    },
    MIN_RUN,
  );
  return found;
}
