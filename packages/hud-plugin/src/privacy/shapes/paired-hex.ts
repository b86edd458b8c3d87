import { mark } from "../mark.ts";

// a word that names an account, an app or a key id on the line
const ACCOUNT =
  /\b(?:(?:account|acct|app|application|client|tenant|org|organization|project|user|merchant|customer|key|consumer|partner)[ _-]?(?:id|sid|number|no|key)|account|acct|sid)s?\b|\bAC[0-9a-f]{32}\b/i;
const RUN_EDGE = /[\w.+/=-]/;
const TWILIO_SID = /^AC[0-9a-f]{32}$/;
// what says a hexadecimal value on the line is a digest, a commit or a checksum
const DIGEST_BEFORE = /(?:sha\d*|md5|digest|checksum|hash|commit|etag|integrity|crc\d*|blake\d*)\W{0,3}$/i;

const HEX_RUN = /[0-9a-fA-F]{20,}/g;

/** Where each whole hexadecimal run of 20 to 64 characters is (its edges checked by hand: a look-behind is slow). */
function hexRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  HEX_RUN.lastIndex = 0;
  for (let m = HEX_RUN.exec(text); m; m = HEX_RUN.exec(text)) {
    const end = m.index + m[0].length;
    if (m[0].length <= 64 && !RUN_EDGE.test(text[m.index - 1] ?? " ") && !RUN_EDGE.test(text[end] ?? " "))
      runs.push([m.index, end]);
  }
  return runs;
}

/**
 * A hexadecimal secret beside an account id (Twilio's `AC…` and its auth token, an account number and
 * an API key, `id:secret` pairs): on a line that names an account, an app or a key id, the hexadecimal
 * runs after that name, except the id itself (the run right after the name) and runs a digest word
 * announces. A commit, a digest or a UUID on a line with no such name stays (the usual case).
 */
export function redactPairedHex(text: string): string {
  const runs = hexRuns(text);
  if (runs.length === 0) return text;
  let out = "";
  let copied = 0;
  // line by line, only where a hexadecimal run is: the name's pattern reads the part of its line before it
  let lineStart = -1;
  let found: RegExpExecArray | null = null;
  for (const [at, end] of runs) {
    const run = text.slice(at, end);
    const start = text.lastIndexOf("\n", at) + 1;
    // a digest word before it, or no mix of digits and letters: data (the cheap tests first)
    if (!/\d/.test(run) || !/[a-fA-F]/.test(run)) continue;
    if (DIGEST_BEFORE.test(text.slice(Math.max(start, at - 12), at))) continue;
    if (start !== lineStart) {
      lineStart = start;
      const newline = text.indexOf("\n", start);
      found = ACCOUNT.exec(text.slice(start, newline < 0 ? text.length : newline));
    }
    if (!found || found.index + found[0].length > at - start) continue;
    const nameEnd = start + found.index + found[0].length;
    // the id: the first value after the name (Twilio's `AC…` is the name itself)
    if (!TWILIO_SID.test(found[0]) && /^[\s"'`:=_-]{0,4}$/.test(text.slice(nameEnd, at))) continue;
    out += text.slice(copied, at) + mark("secret");
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
