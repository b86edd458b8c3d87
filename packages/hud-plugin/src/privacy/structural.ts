import { mark } from "./mark.ts";
import { nearSecretWordRanges, type EntropicRun } from "./near-secret-words.ts";
import { structuralRanges } from "./structural-runs.ts";
import { applyRanges } from "./token-runs.ts";

/**
 * Secrets found by their structure, before any rule that needs a name: base64 that decodes to a key or a
 * credential file, and tokens of a known vendor prefix or signature wherever they stand; and the
 * high-entropy runs left for `redactNearSecretWords`.
 */
export function redactStructural(text: string): { text: string; entropic: EntropicRun[] } {
  const { ranges, entropic } = structuralRanges(text);
  return { text: applyRanges(text, ranges, mark), entropic };
}

/** Last: a long random run (of those `redactStructural` listed) close after a secret-like word that no rule took. */
export function redactNearSecretWords(text: string, runs: readonly EntropicRun[]): string {
  return runs.length === 0 ? text : applyRanges(text, nearSecretWordRanges(text, runs), mark);
}
