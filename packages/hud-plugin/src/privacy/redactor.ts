import { candidateText } from "./candidates.ts";
import { ruleSet } from "./load-rule-set.ts";
import { mark } from "./mark.ts";
import { redactNamedValues } from "./named-values.ts";
import { redactPemBlocks } from "./pem-blocks.ts";
import { keepingPublicBlocks } from "./public-blocks.ts";
import { redactNearSecretWords, redactStructural } from "./structural.ts";
import { dropPrivate } from "./private-tags.ts";
import { redactTokenShapes } from "./token-shapes.ts";
import { redactUrlCredentials } from "./url-credentials.ts";
import { compilePatterns } from "./user-patterns.ts";

export type PrivacyOptions = { redact: boolean; patterns?: readonly string[] };

export type Redactor = {
  /** The text as it may be stored. */
  text(text: string): string;
  /** Every string inside a value (an event, memory items, a rendered tree); keys, kinds and links stay. */
  deep<T>(value: T): T;
};

// links and enum fields: never conversation text, and a changed one would break the event. Item ids are
// redacted like text: the HUD's own are short and stay, but a todo's id is whatever the agent wrote.
const KEPT_KEYS = new Set([
  "kind",
  "at",
  "by",
  "key",
  "section",
  "fromSessionID",
  "parentID",
  "status",
  "priority",
  "type",
]);
/** Short texts recur (the HUD's lines on every render): their answers are kept, up to this many. */
const CACHE_ENTRIES = 4_096;
const CACHE_MAX_LENGTH = 1_024;

/** The rule set on the parts that may hold a token; fails closed when the rule set cannot be loaded. */
function redactRuleSet(text: string, onLoadError: ((error: unknown) => void) | undefined): string {
  const candidates = candidateText(text);
  if (candidates === undefined) return text;
  let scan;
  try {
    scan = ruleSet();
  } catch (error) {
    onLoadError?.(error);
    scan = null;
  }
  if (!scan) return text.replace(/[\w+-]{16,}/g, (token) => (candidateText(token) ? mark("secret") : token));
  let out = text;
  for (const { value, kind } of scan(candidates)) out = out.replaceAll(value, mark(kind));
  return out;
}

/**
 * The redactor for one configuration. In order: `<private>` spans (always, even with `redact: false`);
 * then, outside public PEM blocks (public keys, certificates: kept whole), PEM private keys, URL
 * credentials, the shapes the rule set lacks (hashes, ciphertext, password flags, protocol lines, prose,
 * call arguments, joined and paired tokens), secrets found by their structure (vendor prefixes anywhere
 * in a run, signatures, unknown prefixes before a random body, base64 of a key, a credential file or a
 * token), the person's patterns, the maintained rule set (secretlint's recommended preset) on the parts
 * that may hold a token, secret-named values (`DB_PASSWORD=…`) in any syntax, and last a long random run
 * close after a secret-like word, so a token a rule knows keeps its own kind.
 */
export function createRedactor(options: PrivacyOptions, onLoadError?: (error: unknown) => void): Redactor {
  const patterns = compilePatterns(options.patterns ?? []).patterns;
  const cache = new Map<string, string>();
  const redact = (input: string): string => {
    const kept = dropPrivate(input);
    if (!options.redact || kept.length < 6) return kept;
    return keepingPublicBlocks(kept, redactPart);
  };
  const redactPart = (part: string): string => {
    if (part.length < 6) return part;
    let out = redactPemBlocks(part);
    out = redactUrlCredentials(out);
    out = redactTokenShapes(out);
    const structural = redactStructural(out);
    out = structural.text;
    for (const pattern of patterns) out = pattern.replace(out, mark("pattern"));
    out = redactRuleSet(out, onLoadError);
    out = redactNamedValues(out);
    return redactNearSecretWords(out, structural.entropic);
  };
  const text = (input: string): string => {
    if (input.length > CACHE_MAX_LENGTH) return redact(input);
    let out = cache.get(input);
    if (out === undefined) {
      if (cache.size >= CACHE_ENTRIES) cache.clear();
      cache.set(input, (out = redact(input)));
    }
    return out;
  };
  const deep = <T>(value: T, key?: string): T => {
    if (typeof value === "string") return (key !== undefined && KEPT_KEYS.has(key) ? value : text(value)) as T;
    if (Array.isArray(value)) {
      const mapped = value.map((item) => deep(item, key));
      return (mapped.every((item, i) => item === value[i]) ? value : mapped) as T;
    }
    if (value && typeof value === "object") {
      let changed: Record<string, unknown> | undefined;
      for (const [k, v] of Object.entries(value)) {
        const next = deep(v, k);
        if (next !== v) (changed ??= { ...(value as Record<string, unknown>) })[k] = next;
      }
      return (changed ?? value) as T;
    }
    return value;
  };
  return { text, deep: (value) => deep(value) };
}
