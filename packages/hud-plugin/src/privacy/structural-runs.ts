import { encodedSecretAt } from "./encoded-secrets.ts";
import { lookAlikeAt, pathLike, publicRun, wordLike } from "./look-alikes.ts";
import { highEntropy, type EntropicRun } from "./near-secret-words.ts";
import { cloudPrefixes } from "./prefixes/cloud.ts";
import { codeHostPrefixes } from "./prefixes/code-hosts.ts";
import type { Prefix } from "./prefixes/prefix.ts";
import { servicePrefixes } from "./prefixes/services.ts";
import { unknownPrefixAt } from "./prefixes/unknown.ts";
import { runSignature } from "./run-signatures.ts";
import { forEachRun, randomLooking, type Range } from "./token-runs.ts";

const PREFIXES: Prefix[] = [...codeHostPrefixes, ...cloudPrefixes, ...servicePrefixes];
type Entry = { entry: Prefix; body: RegExp };
/**
 * By their first two characters (every prefix has two), longest first: a lookup per position of a run is
 * cheaper than one pattern with a branch per prefix.
 */
const byStart: Array<Entry[] | undefined> = new Array<Entry[] | undefined>(1 << 14).fill(undefined);
const keyAt = (text: string, at: number) => ((text.charCodeAt(at) & 127) << 7) | (text.charCodeAt(at + 1) & 127);
for (const entry of [...PREFIXES].sort((a, b) => b.prefix.length - a.prefix.length)) {
  const key = keyAt(entry.prefix, 0);
  const list = byStart[key] ?? [];
  // exactly `min`: the mark runs to the end of the run anyway, and a longer match would rescan the run at every hit
  list.push({ entry, body: new RegExp(`[${entry.body}]{${entry.min}}`, "y") });
  byStart[key] = list;
}
const ALNUM = /[A-Za-z0-9]/;
const INTEGRITY = /^sha(?:1|256|384|512)-/;
/** The shortest token a prefix or a signature makes (`AKIA` and 16). */
const MIN_TOKEN = 20;
// `ghp_xxxxxxxx`, `AKIA…EXAMPLE`, `sk-proj-your-key-here`: a body of placeholders or words
const PLACEHOLDER = /x{6}|X{6}|\.\.\.|EXAMPLE$|^[a-z_-]+$/;

/** Whether the body after a prefix is a token's: varied characters, not a placeholder or a word. */
function tokenBody(body: string, min: number): boolean {
  if (PLACEHOLDER.test(body)) return false;
  return new Set(body).size >= Math.min(8, Math.ceil(min / 3));
}

/** Where, in a run, a known prefix starts a token body, and its kind; undefined when none does. */
function prefixedAt(run: string): { at: number; kind: string } | undefined {
  for (let at = 0; at < run.length - 12; at++) {
    const entries = byStart[keyAt(run, at)];
    if (!entries) continue;
    for (const { entry, body } of entries) {
      if (!run.startsWith(entry.prefix, at)) continue;
      if (entry.bounded && at > 0 && ALNUM.test(run[at - 1]!)) continue;
      body.lastIndex = at + entry.prefix.length;
      const found = body.exec(run);
      if (found && tokenBody(found[0], entry.min)) return { at, kind: entry.kind };
    }
  }
  return undefined;
}

/**
 * A known prefix or a signature, whichever starts first: a prefix can stand inside a token a signature
 * tells (`SG.` inside an Airtable `pat….` token), and the mark must take the whole token.
 */
function knownAt(run: string): { at: number; kind: string } | undefined {
  const prefixed = prefixedAt(run);
  if (prefixed?.at === 0) return prefixed;
  const signed = runSignature(run);
  return signed && (!prefixed || signed.at < prefixed.at) ? signed : prefixed;
}

/** A token of a prefix no list names (`unknownPrefixAt`), as a hit. */
function unknownPrefix(run: string): { at: number; kind: string } | undefined {
  if (run.length < 22 || publicRun(run)) return undefined;
  const at = unknownPrefixAt(run);
  return at === undefined ? undefined : { at, kind: "secret" };
}

/** Whether decoded base64 holds a token a prefix or a signature tells (`ghp_…` wrapped in base64). */
function tokenInDecoded(plain: string): boolean {
  let found = false;
  forEachRun(
    plain,
    (run) => {
      if (!found && randomLooking(run)) found = (knownAt(run) ?? unknownPrefix(run)) !== undefined;
    },
    MIN_TOKEN,
  );
  return found;
}

/**
 * Tokens found by their structure rather than by a name before them: base64 that decodes to a key, a
 * credential file or a token (`encodedSecretAt`), a known vendor prefix and a body of its alphabet
 * anywhere in a run of token characters (with or without a word boundary before it), a whole run that
 * carries a vendor's signature (`runSignature`), or an unknown prefix before a long random body
 * (`unknownPrefixAt`). The mark runs from the prefix to the end of the run, so no part of the token is
 * left. One scan of the runs for all of them; `entropic` lists the high-entropy runs no rule
 * took, the only ones the last rule (`nearSecretWordRanges`) looks at.
 */
export function structuralRanges(text: string): { ranges: Range[]; entropic: EntropicRun[] } {
  const ranges: Range[] = [];
  const entropic: EntropicRun[] = [];
  forEachRun(
    text,
    (whole, start) => {
      if (INTEGRITY.test(whole)) return;
      const encoded = whole.length >= 40 ? encodedSecretAt(whole, tokenInDecoded) : undefined;
      if (encoded)
        return void ranges.push({ start: start + encoded.at, end: start + whole.length, kind: encoded.kind });
      if (!randomLooking(whole)) return;
      const run = whole.endsWith(".") ? whole.replace(/\.+$/, "") : whole;
      const hit = run.length >= MIN_TOKEN ? (knownAt(run) ?? unknownPrefix(run)) : undefined;
      // what precedes the run is read only for a hit or a random run: most runs are neither
      if (hit) {
        if (!lookAlikeAt(text, start)) ranges.push({ start: start + hit.at, end: start + run.length, kind: hit.kind });
      } else if (highEntropy(run) && !publicRun(run) && !pathLike(run) && !wordLike(run) && !lookAlikeAt(text, start))
        entropic.push({ run, start });
    },
    16,
  );
  return { ranges, entropic };
}
