import { mark } from "../mark.ts";

// a word that names an account, an app or a key id on the line
const ACCOUNT =
  /\b(?:(?:account|acct|app|application|client|tenant|org|organization|project|user|merchant|customer|key|consumer|partner)[ _-]?(?:id|sid|number|no|key)|account|acct|sid)s?\b|\bAC[0-9a-f]{32}\b/i;
const HEX_GATE = /[0-9a-f]{20}/i;
const HEX_RUN = /(?<![\w.+/=-])[0-9a-fA-F]{20,64}(?![\w.+/=-])/g;
// what says a hexadecimal value on the line is a digest, a commit or a checksum
const DIGEST_BEFORE = /(?:sha\d*|md5|digest|checksum|hash|commit|etag|integrity|crc\d*|blake\d*)\W{0,3}$/i;

/**
 * A hexadecimal secret beside an account id (Twilio's `AC…` and its auth token, an account number and
 * an API key, `id:secret` pairs): on a line that names an account, an app or a key id, the hexadecimal
 * runs after that name, except the id itself (the run right after the name) and runs a digest word
 * announces. A commit, a digest or a UUID on a line with no such name stays (the usual case).
 */
export function redactPairedHex(text: string): string {
  // hexadecimal first: most texts have none, and the name's pattern costs more than this one
  if (!HEX_GATE.test(text) || !ACCOUNT.test(text)) return text;
  let out = "";
  let copied = 0;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const found = ACCOUNT.exec(line);
    if (found) {
      const nameEnd = found.index + found[0].length;
      HEX_RUN.lastIndex = nameEnd;
      for (let m = HEX_RUN.exec(line); m; m = HEX_RUN.exec(line)) {
        const between = line.slice(nameEnd, m.index);
        // the id: the first value after the name
        if (/^[\s"'`:=_-]{0,4}$/.test(between) || (found[0].startsWith("AC") && m.index === found.index)) continue;
        if (!/\d/.test(m[0]) || !/[a-fA-F]/.test(m[0])) continue;
        if (DIGEST_BEFORE.test(line.slice(Math.max(0, m.index - 12), m.index))) continue;
        out += text.slice(copied, lineStart + m.index) + mark("secret");
        copied = lineStart + m.index + m[0].length;
      }
    }
    lineStart += line.length + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
