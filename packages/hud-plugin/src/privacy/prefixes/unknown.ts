import { publicRun, wordLike } from "../look-alikes.ts";
import { entropy } from "../token-runs.ts";

/**
 * Ids that look like tokens and are not secret: model APIs' message, call and response ids, Stripe's
 * object ids, opencode's session and part ids. They show up in every transcript.
 */
const ID_PREFIXES = new Set(
  (
    "msg toolu srvtoolu call chatcmpl resp file asst thread run step req batch ses prt evt cus pi seti cs " +
    "trace span job task build commit release snapshot image vol vpc subnet sg ami snap eni igw"
  ).split(" "),
);
// one to three short segments, each a word of letters (digits after it allowed: `v1`, `na1`), then `_` or `-`
const SEGMENT = /^(?:[a-z][a-z0-9]{0,11}|[A-Z][A-Z0-9]{0,11})[_-]/;
const STRETCH = /[A-Za-z0-9]{10,}/g;
const DIGIT = /\d/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const HEX = /^[0-9a-fA-F_-]+$/;
const VOWEL = /[aeiouy]/gi;
// a prefix segment that says what follows is a secret (`rzp_live_`, `acme_sk_`, `x-api-key-`): a body of
// 20 is enough then
const SECRET_SEGMENT = /(?:^|[_-])(?:sk|secret|key|apikey|api|token|pat|live|prod|private|priv|auth|access|sec)[_-]/i;

/** Whether the body after a prefix is random: see `unknownPrefixAt`. */
function randomBody(body: string, saysSecret: boolean): boolean {
  if (body.length < (saysSecret ? 20 : 32) || HEX.test(body) || !DIGIT.test(body)) return false;
  // a stretch of 10 letters and digits without a separator, and not hexadecimal (`…-Linux-x64-<sha256>`)
  if (!body.match(STRETCH)?.some((stretch) => !HEX.test(stretch))) return false;
  const bits = entropy(body);
  const letters = body.replace(/[^A-Za-z]/g, "").length;
  const vowels = body.match(VOWEL)?.length ?? 0;
  const digits = body.length - letters;
  // mixed case. After a segment that says secret, a short body needs fewer vowels than words have, or no
  // words at all (`api_GetUserAccount2Handler` is an identifier); otherwise random text is near 5 bits a
  // character with vowels about a fifth of its letters, words have twice as many and fewer bits
  if (UPPER.test(body) && LOWER.test(body)) {
    if (saysSecret && body.length < 32) return bits >= 3.6 && (vowels < letters * 0.3 || !wordLike(body));
    return bits >= 3.9 && (vowels < letters * 0.35 || bits >= 4.3 || !wordLike(body));
  }
  // one case and digits: long, and vowels as rare as random letters have them (words have twice as many)
  return body.length >= 40 && bits >= 3.8 && vowels < letters * 0.45 && digits >= 3 && letters < body.length * 0.92;
}

/**
 * A token of a vendor no list names: a short prefix (`acme_`, `tvly-`, `sk-`, `nvapi-`, `abc_live_`) and a
 * long random body. The body is what tells: 32 or more characters (20 after a segment that says secret:
 * `sk`, `live`, `key`, `token`, …), a stretch of 10 letters and digits
 * without a separator, digits mixed with letters of both cases at 3.9+ bits a character with few vowels
 * or high entropy (or one case and digits at 40+ characters), not hexadecimal (cache keys and content
 * hashes: `chunk-3f2a…`), not words (slugs, branch names, identifiers). Ids of the usual APIs (`msg_`, `toolu_`, `call_`, `cs_test_`, …) are left alone.
 * The run is split at `=`, `/`, `.` and `+` first, so a prefix after a name (`KEY=acme_…`) is found.
 */
export function unknownPrefixAt(run: string): number | undefined {
  let offset = 0;
  for (const piece of run.split(/[=/.+~]/)) {
    const at = offset;
    offset += piece.length + 1;
    // (a publishable key, `pk_live_…`, is meant to be shown)
    if (piece.length < 22 || publicRun(piece)) continue;
    // one, two or three segments of prefix: the first split that leaves a random body
    let head = "";
    for (let segments = 0; segments < 3; segments++) {
      const segment = SEGMENT.exec(piece.slice(head.length))?.[0];
      if (!segment) break;
      head += segment;
      if (segments === 0 && ID_PREFIXES.has(segment.slice(0, -1).toLowerCase())) break;
      if (randomBody(piece.slice(head.length), SECRET_SEGMENT.test(head))) return at;
    }
  }
  return undefined;
}
