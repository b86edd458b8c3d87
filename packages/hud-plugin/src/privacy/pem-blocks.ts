import { mark } from "./mark.ts";

const BEGIN = "-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----";
const END = "-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----";
/**
 * A whole block; else a block cut by a tail (tool output keeps its end) or a head: the marker that is
 * left and the key lines on its open side (each repetition takes one line break, so the scan is linear).
 */
const BLOCK = new RegExp(
  `${BEGIN}[\\s\\S]*?${END}|${BEGIN}(?:[^\\S\\r\\n]*\\r?\\n[\\w+/=:\\\\ ,.-]*)*|(?:[\\w+/=\\\\]*\\r?\\n)*${END}`,
  "g",
);
const MARKER = new RegExp(`${BEGIN}|${END}`);

/** PEM private keys (RSA, EC, DSA, OpenSSH, PGP, PKCS#8, encrypted), header to footer, as one mark. */
export function redactPemBlocks(text: string): string {
  return text.includes("PRIVATE KEY") && MARKER.test(text) ? text.replace(BLOCK, mark("private-key")) : text;
}
