import { mark } from "./mark.ts";

const BEGIN = "-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----";
const END = "-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----";
const WHOLE = new RegExp(`${BEGIN}[\\s\\S]*?${END}`, "g");
const MARKER = new RegExp(`${BEGIN}|${END}`, "g");
/**
 * The key lines after a header that lost its footer: a line break, raw or JSON-escaped (`\n`, `\\n` for
 * JSON inside JSON), then key characters (`Proc-Type: 4,ENCRYPTED` headers too); each repetition takes
 * one break, so the scan is linear.
 */
const AFTER_BEGIN = /(?:[^\S\r\n]*(?:\r?\n|(?:\\+r)?\\+n)[\w+/=:,. -]*)+/y;
const KEY_CHAR = /[\w+/=]/;
/** Fewer key characters than this beside a lone marker is a marker quoted in prose, not a cut key. */
const MIN_MATERIAL = 16;

/** Where an escaped line break (`\n`, `\r\n`, with any number of backslashes) that ends at `at` starts. */
function escapedBreakBefore(text: string, at: number): number {
  const slashesBefore = (i: number) => {
    let j = i;
    while (j > 0 && text[j - 1] === "\\") j--;
    return j;
  };
  if (text[at - 1] !== "n" || text[at - 2] !== "\\") return at;
  let start = slashesBefore(at - 1);
  if (text[start - 1] === "r" && text[start - 2] === "\\") start = slashesBefore(start - 1);
  return start;
}

/** How far back from `end` the key lines before a footer that lost its header reach (linear, no regex). */
function keyLinesBefore(text: string, end: number): number {
  let at = end;
  let material = 0;
  for (;;) {
    const escaped = escapedBreakBefore(text, at);
    if (escaped < at) at = escaped;
    else if (text[at - 1] === "\n") at -= text[at - 2] === "\r" ? 2 : 1;
    else if (at > 0 && KEY_CHAR.test(text[at - 1]!)) {
      at--;
      material++;
    } else break;
  }
  return material >= MIN_MATERIAL ? at : end;
}

/**
 * PEM private keys (RSA, EC, DSA, OpenSSH, PGP, PKCS#8, encrypted), raw or JSON-escaped, header to footer,
 * as one mark; else a block cut by a tail (tool output keeps its end) or a head: the marker that is left
 * and the key lines on its open side.
 */
export function redactPemBlocks(text: string): string {
  if (!text.includes("PRIVATE KEY")) return text;
  const out = text.replace(WHOLE, mark("private-key"));
  let result = "";
  let copied = 0;
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(out); m; m = MARKER.exec(out)) {
    const markerEnd = m.index + m[0].length;
    if (m[0].startsWith("-----BEGIN")) {
      AFTER_BEGIN.lastIndex = markerEnd;
      const lines = AFTER_BEGIN.exec(out)?.[0] ?? "";
      if (lines.replace(/\\[rn]|[^\w+/=]/g, "").length < MIN_MATERIAL) continue;
      result += out.slice(copied, m.index) + mark("private-key");
      copied = markerEnd + lines.length;
      MARKER.lastIndex = copied;
    } else {
      const start = Math.max(copied, keyLinesBefore(out, m.index));
      if (start === m.index) continue;
      result += out.slice(copied, start) + mark("private-key");
      copied = markerEnd;
    }
  }
  return copied === 0 ? out : result + out.slice(copied);
}
