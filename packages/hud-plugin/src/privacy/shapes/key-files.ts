import type { Shape } from "./shape.ts";

/** Private keys that are not PEM: age identities and PuTTY key files. */
export const keyFileShapes: Shape[] = [
  {
    kind: "private-key",
    literal: "AGE-SECRET-KEY-",
    pattern: /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g,
  },
  // a `.ppk` file's private lines and their MAC; its public lines stay (two shapes: one pattern with both
  // parts backtracks through every line on JavaScriptCore)
  {
    kind: "private-key",
    literal: "Private-Lines:",
    pattern: /Private-Lines:[ \t]*\d+(?:\r?\n[A-Za-z0-9+/=]+(?=\r?\n|$))+/g,
  },
  { kind: "private-key", literal: "Private-MAC:", pattern: /Private-MAC:[ \t]*[0-9a-fA-F]{16,}/g },
];
