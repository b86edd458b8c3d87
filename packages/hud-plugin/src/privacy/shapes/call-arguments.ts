import { highEntropy } from "../near-secret-words.ts";
import { mark } from "../mark.ts";
import { pathLike, publicRun, wordLike } from "../look-alikes.ts";
import { entropy, randomLooking } from "../token-runs.ts";

// a string literal given as an argument: after `(` or `,`, up to its quote, then `,` or `)`
const LITERAL = /([(,][ \t]*)(["'`])([^"'`\n\\]{4,200})\2(?=[ \t]*[,)])/g;
// a callee that says it takes a credential (`login`, `HTTPBasicAuth`, `setPassword`, `Credentials`)
const HINT = /passw|passphrase|secret|token|credential|auth|login|signin|sign_in|apikey|api_key|bearer/i;
// ... and one that only names or looks one up (`getToken("github")`, `hasSecret("db")`)
const LOOKUP =
  /^(?:use|get|fetch|read|load|find|has|is|remove|delete|del|clear|lookup|require|describe|it|test|log|print)(?![a-z])/;
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "credential",
  "credentials",
  "apikey",
]);
// the callee's own words (`HTTPBasicAuth` → http basic auth; `Tokenizer` is no `token`); `api key` is one
const HINT_WORDS = new Set([...SECRET_WORDS, "auth", "login", "signin", "bearer"]);
function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_$.-]+/)
    .map((w) => w.toLowerCase());
  return words.flatMap((w, i) =>
    w === "key" && words[i - 1] === "api" ? ["apikey"] : w === "in" && words[i - 1] === "sign" ? ["signin"] : [w],
  );
}
const CALLEE = /(?:new[ \t]+)?([A-Za-z_$][\w$.]*)[ \t]*$/;
const PLACEHOLDER = /^(?:\$|<|\{\{|%\w+%$|\*+$|your[-_ ]|x{4,}$)/i;
// images and public keys written as base64 (PNG, JPEG, GIF, WebP, SVG, an SSH key's body), and data URIs
const DATA = /^(?:iVBOR|\/9j\/|R0lGOD|UklGR|PHN2Zy|AAAA[B-E]3NzaC|data:)|;base64,/;

/** The callee of the call whose argument list holds `at`, and the argument's index; undefined when none. */
function callAt(text: string, at: number): { callee: string; index: number } | undefined {
  let depth = 0;
  let index = 0;
  const stop = Math.max(0, at - 300);
  for (let i = at; i >= stop; i--) {
    const c = text[i];
    if (c === "\n") return undefined;
    if (c === ")" || c === "]" || c === "}") depth++;
    else if (c === "[" || c === "{") depth--;
    else if (c === "(") {
      if (depth === 0) {
        const callee = CALLEE.exec(text.slice(Math.max(0, i - 80), i))?.[1];
        return callee ? { callee, index } : undefined;
      }
      depth--;
    } else if (c === "," && depth === 0) index++;
    if (depth < 0) return undefined;
  }
  return undefined;
}

/** A literal that is a key by itself: long and random, not a path, a word or an identifier. */
const randomLiteral = (value: string) =>
  value.length >= 16 &&
  !/\s/.test(value) &&
  randomLooking(value) &&
  !publicRun(value) &&
  !pathLike(value) &&
  // (random text of both cases can pass for words by its vowels; at 4.5 bits a character it is not words)
  (!wordLike(value) || entropy(value) >= 4.5) &&
  (highEntropy(value) || (value.length >= 24 && entropy(value) >= 4));

/**
 * String literals passed to a call or a constructor that hold a credential: any long random one
 * (`new Client("k3J…")`), and, when the callee's name says it takes a credential (`login(user, "pw")`,
 * `HTTPBasicAuth("ci", "pw")`), every literal after the first; the only one when the name is the
 * secret's (`setPassword("pw")`, `new Token("…")`; `signIn("github")` names a provider).
 * A callee that looks a secret up by name (`getToken("github")`) keeps its arguments.
 */
export function redactCallArguments(text: string): string {
  if (!text.includes("(")) return text;
  return text.replace(LITERAL, (whole: string, lead: string, quote: string, value: string, offset: number) => {
    if (PLACEHOLDER.test(value) || DATA.test(value) || value.startsWith("[redacted:")) return whole;
    // most literals are neither random nor given to a call a name hints at: cheap tests first
    const random = randomLiteral(value);
    if (!random && !HINT.test(text.slice(Math.max(0, offset - 120), offset))) return whole;
    const call = callAt(text, offset);
    if (!call) return whole;
    const name = call.callee.split(".").at(-1)!;
    const said = nameWords(name);
    const hinted = said.some((w) => HINT_WORDS.has(w)) && !LOOKUP.test(name[0]!.toLowerCase() + name.slice(1));
    // the first of several arguments is the user or the name (`login("admin", "pw")`); the only one is the secret
    const more = /^[ \t]*,/.test(text.slice(offset + whole.length, offset + whole.length + 8));
    const byName = hinted && !/\s/.test(value) && (call.index >= 1 || (!more && said.some((w) => SECRET_WORDS.has(w))));
    if (!byName && !random) return whole;
    return `${lead}${quote}${mark("secret")}${quote}`;
  });
}
