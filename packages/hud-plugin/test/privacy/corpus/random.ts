// Every value of the corpus is fake, drawn here from a fixed seed; the shapes follow the providers'
// published formats. xorshift32: integer-exact, so the fakes stay random-looking however many are drawn.
let seed = 20_240_601;
const next = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % 2 ** 31;
};
export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEX = "0123456789abcdef";
export const B64 = `${ALNUM}+/`;
export const URLSAFE = `${ALNUM}_-`;

/** Random characters from `alphabet`, with at least one digit when the alphabet has digits. */
export function fake(length: number, alphabet = ALNUM): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[next() % alphabet.length];
  if (/\d/.test(alphabet) && !/\d/.test(out)) out = `${out.slice(0, -1)}7`;
  return out;
}

export const lines64 = (body: string) => body.match(/.{1,64}/g)!.join("\n");
export const pem = (label: string, body: string) =>
  `-----BEGIN ${label}-----\n${lines64(body)}\n-----END ${label}-----`;

export type SecretCase = { name: string; family: string; text: string; secrets: string[] };
export type LookAlike = { name: string; family: string; text: string };
export type Family = { name: string; secrets: SecretCase[]; lookAlikes: LookAlike[] };

type Build = (secret: (value: string) => string) => string;
type Add = {
  /** A secret shape and, beside it, the text closest to it that holds no secret (it must stay as it is). */
  shape(name: string, build: Build, lookAlike: string): void;
  /** A look-alike of the family that no one shape owns. */
  alike(name: string, text: string): void;
};

/** One family of the corpus: every secret shape comes with its look-alike. */
export function family(name: string, fill: (add: Add) => void): Family {
  const out: Family = { name, secrets: [], lookAlikes: [] };
  fill({
    shape(shapeName, build, lookAlike) {
      const secrets: string[] = [];
      const text = build((value) => (secrets.push(value), value));
      out.secrets.push({ name: shapeName, family: name, text, secrets });
      out.lookAlikes.push({ name: `${shapeName} (look-alike)`, family: name, text: lookAlike });
    },
    alike(alikeName, text) {
      out.lookAlikes.push({ name: alikeName, family: name, text });
    },
  });
  return out;
}
