import { expect, test } from "bun:test";
import { createRedactor } from "../../src/privacy/index.ts";

const redactor = createRedactor({ redact: true });
const SIZE = 400_000;
const fill = (unit: string, head = "", tail = "") => `${head}${unit.repeat(Math.ceil(SIZE / unit.length))}${tail}`;

/**
 * Texts built to make a rule backtrack: the start of a shape followed by a long run it almost matches.
 * No timed assertion: a rule that goes quadratic on one of them takes minutes at this size (the PEM rule
 * before it was rewritten took 50 s at 100 KB of escaped line breaks), and the test's 30 s limit catches it.
 */
const HOSTILE: Record<string, string> = {
  "escaped breaks after a PEM header": fill("\\\\n", "-----BEGIN PRIVATE KEY-----"),
  "escaped breaks before a PEM footer": fill("\\\\n", "", "-----END PRIVATE KEY-----"),
  "key lines after a PEM header": fill("AAAA\n", "-----BEGIN PRIVATE KEY-----\n"),
  "many PEM footers": fill("-----END PRIVATE KEY-----"),
  "PuTTY private lines without a MAC": fill("AAAA\n", "Private-Lines: 1\n", "Private"),
  "a curl command line that never gives -u": fill("x ", "curl "),
  "a mysql command line of flags": fill("-x ", "mysql "),
  "--password over and over": fill("--password "),
  ".netrc login chain": fill(" login u", "machine h"),
  "colon lines that are almost .pgpass": fill("a:1:b:c:\n"),
  "Telegram-like ids": fill(`1234567890:AA${"b".repeat(20)} `),
  "Discord-like dotted words": fill("Mabcdefghijklmnopqrstuvwx1.abcdef."),
  "Azure-like secrets": fill(`abc1Q~${"x".repeat(40)} `),
  "Anthropic-like prefixes": fill("sk-ant-abcdefgh12-xxxxxxxxxx"),
  "a Docker auth value that never closes": fill("A", '"auth": "'),
  "vendor prefixes over and over in one run": fill("xoxb-1ghp_2"),
  "prefixes that need a boundary, glued": fill("aSK0f"),
  "a run of base32 that never ends as a PAT does": fill("a2b3c4", "", "_"),
  "base64 that decodes to nothing": fill("QUFB"),
  "secret words with runs too short": fill("token: a1B2c3 "),
  "secret words glued together": fill("secretToken"),
  "secret words and filler words": fill("password is the a "),
  "escaped quotes after a secret name": fill('\\"password\\":\\"'),
  "flags that almost name a secret": fill("--a-b-c-"),
  "Authorization headers without a value": fill("Authorization: Bearer "),
  "pgpass fields after spaces": fill(" h:1:d:u"),
  "XML settings that never close": fill('<add key="password" value="x'),
  // the structural rules for what no list names
  "SOPS values that never close": fill("ENC[AES256_GCM,data:"),
  "public PEM headers and one footer at the very end": fill(
    "-----BEGIN CERTIFICATE-----\n",
    "",
    "-----END CERTIFICATE-----",
  ),
  "crypt hash heads over and over": fill("$6$abc$"),
  "protocol PASS words": fill("PASS "),
  "prose that never gives the password": fill("the password is "),
  "one-dash password flags without a value": fill(" -Password"),
  "a prefix and a body that never ends": fill("ab-Cd3"),
  "call arguments that never close": fill('login("abcd", '),
  "an account line of hex runs": fill(" 0123456789abcdef0123", "account "),
  "distinct random runs after secret words, every one taken by a named value": Array.from(
    { length: 12_000 },
    (_, i) => `PASSWORD=Zq8pLm3xRt7vKw2nYc${i.toString(36).padStart(4, "0")}`,
  ).join(" token "),
};

test("the redactor's own rules stay linear on text built to make them backtrack", () => {
  for (const [name, text] of Object.entries(HOSTILE)) {
    const out = redactor.text(text);
    expect({ name, type: typeof out }).toEqual({ name, type: "string" });
  }
}, 30_000);
