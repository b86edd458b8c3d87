/**
 * Runs of token characters long enough to be a key or token (the rule set's shapes are 20+ characters),
 * and, first, what is data rather than a credential: subresource-integrity hashes (`sha512-…`, lockfiles)
 * and base64 data URIs, taken whole so that their pieces are not read as tokens.
 */
const SCAN = /sha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}|;base64,[A-Za-z0-9+/]+={0,2}|[\w+-]{16,}/g;
const DIGIT = /\d/;
const LETTER = /[A-Za-z]/;
const CASE_SWITCH = /[a-z][A-Z]|[A-Z][a-z]/g;
// hashes, commit ids and UUIDs: hexadecimal (dashes allowed); no rule of the set matches bare hex
const HEX = /^[\da-f-]+$|^[\dA-F-]+$/;
/** Left of a token, a rule may need its name (`AWS_SECRET_ACCESS_KEY="…`, `_authToken=`, a webhook URL). */
const BEFORE = 80;
/** Right of it, the token may go on in characters the scan stops at (`/` in base64, `.` in a vault token). */
const AFTER = /^[^\s"'`,;<>()[\]{}]{0,200}/;

const UPPER_RUN = /[A-Z]{20}/;

/**
 * Mixes letters and digits (not bare hex), or has 20 capitals in a row (an AWS key id can lack digits),
 * or is letters in random case (`hf_` tokens; camelCase words switch case rarely).
 */
function randomLooking(token: string): boolean {
  if (LETTER.test(token) && DIGIT.test(token)) return !HEX.test(token);
  return UPPER_RUN.test(token) || (token.match(CASE_SWITCH)?.length ?? 0) >= 6;
}

/**
 * The parts of the text the rule set has to read, one per line: around each run of 16+ token characters
 * that looks random (not bare hexadecimal, not integrity or data), with its left context on that line.
 * Every shape the rule set knows is such a run (a prefix like `ghp_` and random characters); ordinary
 * output (prose, code, paths, test logs, hashes, lockfiles) rarely is, so the rules read a few short
 * pieces instead of the whole text. Undefined when there is none.
 */
export function candidateText(text: string): string | undefined {
  SCAN.lastIndex = 0;
  let out: string[] | undefined;
  let spanStart = -1;
  let spanEnd = -1;
  for (let match = SCAN.exec(text); match; match = SCAN.exec(text)) {
    const token = match[0];
    if (token.startsWith("sha") || token.startsWith(";") || !randomLooking(token)) continue;
    const lineStart = text.lastIndexOf("\n", match.index) + 1;
    const start = Math.max(lineStart, match.index - BEFORE);
    const tokenEnd = match.index + token.length;
    const end = tokenEnd + AFTER.exec(text.slice(tokenEnd, tokenEnd + 200))![0].length;
    if (start <= spanEnd) spanEnd = Math.max(spanEnd, end);
    else {
      if (spanEnd >= 0) (out ??= []).push(text.slice(spanStart, spanEnd));
      spanStart = start;
      spanEnd = end;
    }
    SCAN.lastIndex = end;
  }
  if (spanEnd >= 0) (out ??= []).push(text.slice(spanStart, spanEnd));
  return out?.join("\n");
}
