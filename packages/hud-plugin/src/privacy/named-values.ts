import { publicRun } from "./look-alikes.ts";
import { mark } from "./mark.ts";

/** Names whose last word says the value is secret: any real value goes. */
const STRONG = new Set([
  "secret",
  "token",
  "password",
  "passwd",
  "pwd",
  "pass",
  "passphrase",
  "credential",
  "credentials",
]);
/** Run-together names (`dbpassword`, `apikey`, `clientsecret`) ending in one of these count as well. */
const STRONG_SUFFIXES = ["secret", "token", "password", "passwd", "passphrase", "credentials"];
/** `key` names are also ordinary (`primaryKey`, `sortKey`): only a value that looks random goes. */
const KEY_SUFFIXES = ["key", "keys"];

const WORD_HIT = /secret|token|passw|pwd|pass|credential|key/gi;
const NAME_CHAR = /[\w.-]/;
// the value after `=` or `:` (not `==`, `://`, `::`; `=>` only before a quote: PHP's and Ruby's hashes, not
// an arrow function): quoted up to its quote, else up to a delimiter
// (JSON escaped inside a string, `{\"password\":\"…\"}` in a command line, has backslashes before its quotes)
const VALUE =
  /^(\\*["'`]?)[ \t]*(?:=(?![=>])|:(?![:/])|=>(?=[ \t]*\\*["'`]))[ \t]*(?:\\+"([^"\\\n]*)\\+"|"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`|([^\s"'`,;&)}\]\\]+))/;
const PLACEHOLDER =
  /^(?:|\$.*|%\w+%|your[-_].*|.*(?:x{6}|X{6}|\.\.\.|…).*|\{\{.*|<.*>|\[redacted:.*|(.)\1*|true|false|null|nil|none|undefined|yes|no|on|off|string|number|boolean|any|unknown|object|str|int|bytes)$/i;
const PATH = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/;
// code, not a literal: `process.env.X`, `this.token`, `getToken()`, `new Secret(…`, `opts?.key`
const EXPRESSION = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+\b|^[A-Za-z_$][\w$]*\(|^new\b|^await\b/;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

type Family = "strong" | "key" | undefined;

/** Words after the secret's that say how it is written (`SA_KEY_B64`, `token_value`, `PASSWORD_HASH`). */
const QUALIFIERS = new Set([
  "b64",
  "base64",
  "encoded",
  "enc",
  "json",
  "raw",
  "value",
  "str",
  "string",
  "hex",
  "pem",
  "hash",
  "plain",
  "plaintext",
  "content",
  "contents",
]);

function familyOf(name: string): Family {
  const all = words(name);
  while (all.length > 1 && QUALIFIERS.has(all.at(-1)!)) all.pop();
  const last = all.at(-1);
  if (!last) return undefined;
  // kubeconfig's `client-key-data`, `private_key_data`: the key itself, base64
  if (last === "data" && all.at(-2) === "key") return "key";
  if (STRONG.has(last) || STRONG_SUFFIXES.some((s) => last.endsWith(s))) return "strong";
  if (KEY_SUFFIXES.some((s) => last.endsWith(s))) return "key";
  return undefined;
}

const looksRandom = (value: string) =>
  value.length >= 8 && /\d/.test(value) && /[A-Za-z]/.test(value) && !/\s/.test(value);

/** Whether the value is one to redact, given how the name was written. */
function secretValue(family: Family, name: string, value: string, quoted: boolean, envStyle: boolean): boolean {
  // (base64 can start with `/` too: padding, a `+` or a segment of 40 is a key, not a path)
  if (PLACEHOLDER.test(value) || (PATH.test(value) && !/[+=]|[^/\s]{40}/.test(value))) return false;
  // a public key is meant to be shown (`public_key`, `publishableKey`, Stripe's `pk_…`)
  if (family === "key" && (/public|publishable/i.test(name) || (!envStyle && publicRun(value)))) return false;
  if (family === "key") return envStyle ? value.length >= 8 : looksRandom(value) || value.length >= 24;
  if (quoted || envStyle) return true;
  return value.length >= 4 && value !== name && !EXPRESSION.test(value);
}

/**
 * `NAME=value`, `NAME: value`, `"name": "value"`, `--name=value` and `export NAME=…` whose name ends in
 * secret, token, password/passwd/pwd/pass, passphrase, credential(s) or key: the value becomes a mark, the
 * name stays. `.env` style (an upper-case name right against `=`) always counts; in code and YAML a
 * variable, a call or a type after the name is left alone.
 */
export function redactNamedValues(text: string): string {
  WORD_HIT.lastIndex = 0;
  if (!WORD_HIT.test(text)) return text;
  WORD_HIT.lastIndex = 0;
  let out = "";
  let copied = 0;
  let scanFrom = 0;
  for (let hit = WORD_HIT.exec(text); hit; hit = WORD_HIT.exec(text)) {
    if (hit.index < scanFrom) continue;
    let start = hit.index;
    while (start > 0 && NAME_CHAR.test(text[start - 1]!)) start--;
    let end = hit.index + hit[0].length;
    while (end < text.length && NAME_CHAR.test(text[end]!)) end++;
    WORD_HIT.lastIndex = end;
    const name = text.slice(start, end).replace(/^-+/, "");
    const family = familyOf(name);
    if (!family) continue;
    const rest = VALUE.exec(text.slice(end, end + 512));
    if (!rest) continue;
    const quotedValue = rest[2] ?? rest[3] ?? rest[4] ?? rest[5];
    const value = quotedValue ?? rest[6] ?? "";
    const envStyle = /^[A-Z][A-Z0-9_]*$/.test(name) && text[end] === "=";
    if (!secretValue(family, name, value, quotedValue !== undefined, envStyle)) continue;
    // the closing quote (escaped: backslashes and a quote) stays
    const valueStart = end + (quotedValue !== undefined ? rest[0].lastIndexOf(value) : rest[0].length - value.length);
    const valueEnd = valueStart + value.length;
    out += text.slice(copied, valueStart) + mark("env-secret");
    copied = valueEnd;
    scanFrom = valueEnd;
    WORD_HIT.lastIndex = valueEnd;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
