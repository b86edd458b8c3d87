import { placeholder, type Shape } from "./shape.ts";

/**
 * Credentials a protocol sends on a line of its own, and database logins written `user/password@db`.
 * IRC's and FTP's `PASS x` (Twitch's `PASS oauth:…`), Redis's `AUTH [user] x`, IMAP's `LOGIN user x`,
 * SMTP's `AUTH PLAIN <base64>`; Oracle's thin JDBC URLs and SQL*Plus-style logins.
 */
export const protocolLineShapes: Shape[] = [
  {
    kind: "password",
    literal: "PASS",
    pattern: /((?:^|[\n"'`]|\\n|\\r\\n)[ \t]*PASS[ \t]+)([^\s"'`\\]{4,})/g,
    keepsLead: true,
    spare: placeholder,
  },
  // Twitch chat tokens anywhere: `oauth:` and 30 characters
  { kind: "twitch-token", literal: "oauth:", pattern: /(\boauth:)([a-z0-9]{30})(?![a-z0-9])/g, keepsLead: true },
  {
    kind: "password",
    literal: "AUTH",
    pattern: /((?:^|[\n"'`>]|\\n)[ \t]*AUTH[ \t]+(?:PLAIN[ \t]+|LOGIN[ \t]+|[\w.-]+[ \t]+(?=\S))?)([^\s"'`\\]{4,})/g,
    keepsLead: true,
    spare: placeholder,
  },
  {
    kind: "password",
    literal: "LOGIN",
    pattern: /((?:^|\n)[ \t]*[A-Za-z0-9]{1,8}[ \t]+LOGIN[ \t]+"?[^\s"]+"?[ \t]+"?)([^\s"]{4,})/g,
    keepsLead: true,
    spare: placeholder,
  },
  // `jdbc:oracle:thin:scott/tiger@//db:1521/orcl`
  {
    kind: "password",
    literal: "jdbc:oracle:",
    pattern: /(jdbc:oracle:(?:thin|oci8?):[\w$#.-]+\/)([^\s@"'/]+)(?=@)/gi,
    keepsLead: true,
    spare: placeholder,
  },
  // `sqlplus scott/tiger@orcl`, `expdp system/manager@db`; SQL*Plus's `CONNECT scott/tiger@db` (a database
  // after it: `connect src/app` is a path)
  {
    kind: "password",
    gate: /\w\/[^\s@"'/]+(?:@|["']?(?:\s|$))/,
    literal: ["sqlplus", "sqlldr", "expdp", "impdp", "rman", "dgmgrl"],
    pattern:
      /(\b(?:sqlplus|sqlldr|expdp|impdp|rman|dgmgrl)\b(?:[ \t]+-\w+)*[ \t]+(?:userid=)?["']?[\w$#.-]+\/)([^\s@"'/]+)(?=@|["']?(?:\s|$))/gi,
    keepsLead: true,
    spare: (value) => placeholder(value) || /^(?:as|sysdba)$/i.test(value),
  },
  {
    kind: "password",
    literal: ["conn ", "connect ", "CONN ", "CONNECT ", "Connect "],
    gate: /\/[^\s@"'/]+@/,
    pattern: /(\bconn(?:ect)?[ \t]+[\w$#.-]+\/)([^\s@"'/]+)(?=@[\w/(])/gi,
    keepsLead: true,
    spare: placeholder,
  },
];
