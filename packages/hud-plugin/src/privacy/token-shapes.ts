import { aiShapes } from "./shapes/ai.ts";
import { chatShapes } from "./shapes/chat.ts";
import { cloudShapes } from "./shapes/cloud.ts";
import { commandLineShapes } from "./shapes/command-lines.ts";
import { configLineShapes } from "./shapes/config-lines.ts";
import { headerShapes } from "./shapes/headers.ts";
import { keyFileShapes } from "./shapes/key-files.ts";
import { registryShapes } from "./shapes/registries.ts";
import { serviceShapes } from "./shapes/services.ts";
import { hashShapes } from "./shapes/hashes.ts";
import { passwordFlagShapes } from "./shapes/password-flags.ts";
import { protocolLineShapes } from "./shapes/protocol-lines.ts";
import { redactProse } from "./shapes/prose.ts";
import { redactCallArguments } from "./shapes/call-arguments.ts";
import { redactJoinedTokens } from "./shapes/joined-tokens.ts";
import { redactPairedHex } from "./shapes/paired-hex.ts";
import { applyShapes, type Shape } from "./shapes/shape.ts";

/**
 * Shapes the maintained rule set (secretlint's recommended preset) has no rule for, one file per family;
 * keep to its gaps. Tokens with a prefix first, then credentials found by their place on a line.
 */
const SHAPES = [
  ...aiShapes,
  ...cloudShapes,
  ...registryShapes,
  ...chatShapes,
  ...serviceShapes,
  ...keyFileShapes,
  ...headerShapes,
  ...commandLineShapes,
  ...configLineShapes,
];
const PROTOCOL =
  /(?:PASS|AUTH|LOGIN)[ \t]|oauth:|jdbc:oracle|sqlplus|sqlldr|expdp|impdp|rman|dgmgrl|(?:conn|connect|CONN|CONNECT|Connect)[ \t]+[\w$#.-]+\/[^\s@"'/]+@/;

/**
 * Families of many shapes behind one gate each, literals first (a search for a literal costs a small
 * part of a pattern's scan): password hashes and ciphertext (a `$` or a scheme's word); a short flag or a
 * one-dash long flag, OpenSSL's `pass:`, `/p:`, `net use`, `htpasswd`; a protocol's command word or a
 * `user/password@` login. Ordinary text (source, JSON, logs) passes few of them and pays a few literal
 * searches instead of a scan per shape.
 */
const FAMILIES: Array<{ literals: readonly string[]; gate?: (text: string) => boolean; shapes: Shape[] }> = [
  {
    literals: ["$", "pbkdf2", "SCRAM-SHA-", "{S", "{CRYPT}", "vault:v", "ENC[", "gAAAAA", "-----BEGIN PGP MESSAGE"],
    shapes: hashShapes,
  },
  {
    literals: [" -", "\t-", '"-', "'-", "pass:", "/p:", "net use", "ConvertTo-SecureString", "htpasswd"],
    // (a pattern that starts at a `-`: the scan skips the rest of the text fast)
    gate: (text) =>
      /-(?:[pPwaNU][ \t]|h?p[^\s-]|-user)|-[A-Za-z]*(?:[Pp]ass|[Tt]oken|[Ss]ecret|apikey|ApiKey|AccessKey|SecretKey)/.test(
        text,
      ) || ["pass:", "/p:", "net use", "ConvertTo-SecureString", "htpasswd"].some((l) => text.includes(l)),
    shapes: passwordFlagShapes,
  },
  {
    literals: [
      "PASS",
      "AUTH",
      "LOGIN",
      "oauth:",
      "jdbc:oracle",
      "sqlplus",
      "sqlldr",
      "expdp",
      "impdp",
      "rman",
      "dgmgrl",
      "onn",
      "ONN",
    ],
    gate: (text) => PROTOCOL.test(text),
    shapes: protocolLineShapes,
  },
];

/**
 * Tokens of the shapes above become `[redacted:<kind>]`; then secrets stated in prose, hexadecimal
 * secrets beside an account id, tokens joined by `$` or `|`, and string literals given to a call that
 * takes a credential (after the paired hex: a Twilio sid taken as a random literal would hide its token).
 */
export function redactTokenShapes(text: string): string {
  let out = applyShapes(SHAPES, text);
  for (const family of FAMILIES)
    if (family.literals.some((l) => out.includes(l)) && (family.gate?.(out) ?? true))
      out = applyShapes(family.shapes, out);
  return redactCallArguments(redactJoinedTokens(redactPairedHex(redactProse(out))));
}
