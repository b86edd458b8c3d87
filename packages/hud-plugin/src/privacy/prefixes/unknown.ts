import { wordLike } from "../look-alikes.ts";
import { entropy } from "../token-runs.ts";

/**
 * Ids that look like tokens and are not secret: model APIs' message, call and response ids, Stripe's
 * object ids, opencode's session and part ids. They show up in every transcript.
 */
const ID_PREFIXES = new Set([
  "msg",
  "toolu",
  "srvtoolu",
  "call",
  "chatcmpl",
  "resp",
  "file",
  "asst",
  "thread",
  "run",
  "step",
  "req",
  "batch",
  "ses",
  "prt",
  "per",
  "usr",
  "evt",
  "cus",
  "pi",
  "pm",
  "seti",
  "sub",
  "price",
  "prod",
  "in",
  "ch",
  "txn",
  "acct",
  "cs",
  "po",
  "re",
  "tok",
  "src",
  "card",
  "ba",
  "btok",
  "py",
  "tr",
  "ii",
  "il",
  "li",
  "trace",
  "span",
  "job",
  "task",
  "build",
  "commit",
  "release",
  "snapshot",
  "image",
  "vol",
  "vpc",
  "subnet",
  "sg",
  "ami",
  "snap",
  "eni",
  "igw",
]);
// one to three short segments, each a word of letters (digits after it allowed: `v1`, `na1`), then `_` or `-`
const HEAD = /^(?:[A-Za-z][A-Za-z0-9]{0,11}[_-]){1,3}/;
const STRETCH = /[A-Za-z0-9]{20,}/;
const DIGIT = /\d/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const HEX = /^[0-9a-fA-F_-]+$/;

/**
 * A token of a vendor no list names: a short prefix (`acme_`, `tvly-`, `sk-`, `nvapi-`, `abc_live_`) and a
 * long random body. The body is what tells: 32 or more characters, a stretch of 20 letters and digits
 * without a separator, digits mixed with letters of both cases at 4.2 bits a character (or lower-case
 * and digits at 40+ characters), not hexadecimal (cache keys and content hashes: `chunk-3f2a…`), not words
 * (slugs, branch names). Ids of the usual APIs (`msg_`, `toolu_`, `call_`, `cs_test_`, …) are left alone.
 * The run is split at `=`, `/`, `.` and `+` first, so a prefix after a name (`KEY=acme_…`) is found.
 */
export function unknownPrefixAt(run: string): number | undefined {
  let offset = 0;
  for (const piece of run.split(/[=/.+~]/)) {
    const at = offset;
    offset += piece.length + 1;
    if (piece.length < 34) continue;
    const head = HEAD.exec(piece)?.[0];
    if (!head) continue;
    const first = head.split(/[_-]/)[0]!.toLowerCase();
    if (ID_PREFIXES.has(first)) continue;
    const body = piece.slice(head.length);
    if (body.length < 32 || !STRETCH.test(body) || HEX.test(body) || !DIGIT.test(body)) continue;
    const mixed = UPPER.test(body) && LOWER.test(body);
    if (!(mixed ? entropy(body) >= 4.2 : body.length >= 40 && entropy(body) >= 4)) continue;
    if (wordLike(body)) continue;
    return at;
  }
  return undefined;
}
