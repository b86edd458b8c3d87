// The corpus the field publishes: one fake token per published format (published-formats.ts,
// other-formats.ts, keyword-formats.ts), each in its usual line and bare (alone, glued to the text
// before it, after a list's `- `), each sample with a look-alike that must stay.
import { keywordFormats, lineFormats } from "./keyword-formats.ts";
import { githubFormats, gitlabFormats, trufflehogFormats } from "./other-formats.ts";
import { gitleaksFormats, type Format } from "./published-formats.ts";
import { B64, HEX, family, fake, type Family } from "./random.ts";

/** Where the secret of a token starts: after a scheme word or a name that is part of the format. */
const SECRET_AFTER = /^(?:SSWS |AccountKey=|_gitlab_session=|https:\/\/hooks\.slack\.com\/services\/)/;
const secretOf = (token: string) => token.replace(SECRET_AFTER, "");

// a name that tells nothing (`SERVICE_7`): the token must be found by its own shape
const envName = (n: number) => `SERVICE_${n}`;

/** Usual lines a token is printed in, in turn. */
const CONTEXTS: Array<(name: string, token: string) => string> = [
  (name, token) => `export ${name}="${token}"`,
  (name, token) => `{"${name.toLowerCase()}": "${token}", "region": "eu-west-1"}`,
  (_, token) => `curl -s -H "X-Auth: ${token}" https://api.example.com/v1/me`,
  (name, token) => `${name.toLowerCase()}:\n  value: ${token}\n  scope: ci`,
];

/** Data that looks like a token and must stay: the field's usual false positives, in turn. */
const DATA: Array<() => string> = [
  () => `commit ${fake(40, HEX)}`,
  () => `digest: sha256:${fake(64, HEX)}`,
  () => `"integrity": "sha512-${fake(86, B64)}=="`,
  () => `id ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-b${fake(3, HEX)}-${fake(12, HEX)}`,
  () => `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${fake(120, B64)}=">`,
  () => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} dev@laptop`,
  () => `sha512sum: ${fake(128, HEX)}  release.tar.gz`,
  () => `  certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t${fake(200, B64)}`,
];

function formatsFamily(name: string, formats: readonly Format[]): Family {
  let turn = 0;
  return family(name, ({ shape }) => {
    for (const format of formats) {
      const n = turn++;
      const name = envName(n);
      const head = format.token().slice(0, 4);
      const token = () => {
        const value = format.token();
        return { value, secret: secretOf(value) };
      };
      const sample = (label: string, wrap: (token: string) => string, lookAlike: string) => {
        const { value, secret } = token();
        shape(`${format.source} ${format.id}: ${label}`, (s) => wrap(value.replace(secret, s(secret))), lookAlike);
      };
      sample("in context", (t) => CONTEXTS[n % CONTEXTS.length]!(name, t), `export ${name}="\${${name}}"`);
      sample("alone", (t) => t, `${head}… tokens are documented on the vendor's page`);
      sample(
        format.needsBoundary ? "glued after _" : "glued",
        (t) => `ref${format.needsBoundary ? "_" : ""}${t}`,
        DATA[n % DATA.length]!(),
      );
      sample("after - ", (t) => `- ${t}`, DATA[(n + 3) % DATA.length]!());
    }
  });
}

/** Keyword rules: the value after its vendor's name, in four syntaxes; an id of the vendor stays. */
const keywordFamily = family("gitleaks-keyword", ({ shape, alike }) => {
  for (const format of keywordFormats) {
    const word = format.word.toLowerCase();
    const NAME = format.word.toUpperCase();
    if (format.public) {
      alike(`gitleaks ${format.id}: an id, public`, `${NAME}_CLIENT_ID=${format.value()}`);
      continue;
    }
    const rows: Array<[string, (v: string) => string, string]> = [
      ["env", (v) => `${NAME}_API_KEY=${v}`, `${NAME}_API_URL=https://api.${word}.example/v1`],
      ["yaml after - ", (v) => `- ${word}_token: ${v}`, `- ${word}_region: eu-west-1`],
      ["json", (v) => `{"${word}_secret": "${v}"}`, `{"${word}_enabled": true, "${word}_timeout": 30}`],
      [
        "escaped json in a command line",
        (v) => `curl -d "{\\"${word}_password\\":\\"${v}\\"}" https://api.${word}.example`,
        `curl -d "{\\"${word}_user\\":\\"ci-bot\\"}" https://api.${word}.example`,
      ],
    ];
    for (const [label, line, lookAlike] of rows)
      shape(`gitleaks ${format.id}: ${label}`, (s) => line(s(format.value())), lookAlike);
  }
  for (const format of lineFormats) shape(`gitleaks ${format.id}: its line`, format.line, format.lookAlike);
});

export const publishedFamilies: Family[] = [
  formatsFamily("gitleaks", gitleaksFormats),
  keywordFamily,
  formatsFamily("github", githubFormats),
  formatsFamily("gitlab", gitlabFormats),
  formatsFamily("trufflehog", trufflehogFormats),
];
