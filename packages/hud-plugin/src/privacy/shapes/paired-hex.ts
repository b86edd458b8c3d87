import { mark } from "../mark.ts";

// a word that names an account, an app or a key id on the line
const ACCOUNT =
  /\b(?:(?:account|acct|app|application|client|tenant|org|organization|project|user|merchant|customer|key|consumer|partner)[ _-]?(?:id|sid|number|no|key)|account|acct|sid)s?\b|\bAC[0-9a-f]{32}\b/i;
const HEX_GATE = /[0-9a-f]{20}/i;
// (no look-behind: one makes the engine try every position slowly; the edges are checked by hand)
const HEX_RUN = /[0-9a-fA-F]{20,}/g;
const RUN_EDGE = /[\w.+/=-]/;
// what says a hexadecimal value on the line is a digest, a commit or a checksum
const DIGEST_BEFORE = /(?:sha\d*|md5|digest|checksum|hash|commit|etag|integrity|crc\d*|blake\d*)\W{0,3}$/i;

/**
 * A hexadecimal secret beside an account id (Twilio's `AC…` and its auth token, an account number and
 * an API key, `id:secret` pairs): on a line that names an account, an app or a key id, the hexadecimal
 * runs after that name, except the id itself (the run right after the name) and runs a digest word
 * announces. A commit, a digest or a UUID on a line with no such name stays (the usual case).
 */
export function redactPairedHex(text: string): string {
  if (!HEX_GATE.test(text)) return text;
  let out = "";
  let copied = 0;
  // line by line, only where a hexadecimal run is: the name's pattern reads the part of its line before it
  let lineStart = -1;
  let found: RegExpExecArray | null = null;
  HEX_RUN.lastIndex = 0;
  for (let m = HEX_RUN.exec(text); m; m = HEX_RUN.exec(text)) {
    const start = text.lastIndexOf("\n", m.index) + 1;
    if (start !== lineStart) {
      lineStart = start;
      const newline = text.indexOf("\n", start);
      found = ACCOUNT.exec(text.slice(start, newline < 0 ? text.length : newline));
    }
    const end = m.index + m[0].length;
    if (m[0].length > 64 || RUN_EDGE.test(text[m.index - 1] ?? " ") || RUN_EDGE.test(text[end] ?? " ")) continue;
    if (!found || found.index + found[0].length > m.index - start) continue;
    const nameEnd = start + found.index + found[0].length;
    const between = text.slice(nameEnd, m.index);
    // the id: the first value after the name (Twilio's `AC…` is the name itself)
    if (/^[\s"'`:=_-]{0,4}$/.test(between)) continue;
    if (!/\d/.test(m[0]) || !/[a-fA-F]/.test(m[0])) continue;
    if (DIGEST_BEFORE.test(text.slice(Math.max(start, m.index - 12), m.index))) continue;
    out += text.slice(copied, m.index) + mark("secret");
    copied = m.index + m[0].length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
