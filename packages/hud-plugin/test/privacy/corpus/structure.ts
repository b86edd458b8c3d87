import { ALNUM, B64, HEX, URLSAFE, family, fake, pem } from "./random.ts";

const V = () => fake(20);
const kubeKey = () => btoa(pem("RSA PRIVATE KEY", `MIIEowIBAAKCAQEA${fake(400, B64)}`));
const kubeCert = () => btoa(pem("CERTIFICATE", `MIIC/jCCAeagAwIBAgIBADANBgkqhkiG${fake(300, B64)}`));

/**
 * Secrets found by structure, in every syntax a value takes (the cases the issue measured missing),
 * and the field's usual look-alikes beside them.
 */
export default family("structure", ({ shape, alike }) => {
  shape(
    "escaped json in a command line",
    (s) => `curl -X POST -d "{\\"username\\":\\"ci\\",\\"password\\":\\"${s(V())}\\"}" https://api.example.com/login`,
    `curl -X POST -d "{\\"username\\":\\"ci\\",\\"remember\\":true}" https://api.example.com/login`,
  );
  shape(
    "double-escaped json",
    (s) => `"args": "{\\\\\\"api_token\\\\\\":\\\\\\"${s(V())}\\\\\\"}"`,
    `"args": "{\\\\\\"api_version\\\\\\":\\\\\\"2024-01-01\\\\\\"}"`,
  );
  shape(
    "toml",
    (s) => `[registry]\ntoken = "${s(V())}"\nurl = "https://r.example.com"`,
    `[registry]\ntoken_ttl = 3600`,
  );
  shape("ini", (s) => `[database]\nhost=db\npassword=${s(V())}`, `[database]\nhost=db\npassword_file=/run/secrets/db`);
  shape("yaml list item", (s) => `env:\n  - password: ${s(V())}\n  - user: app`, `env:\n  - password_policy: strict`);
  shape(
    "flag with a space",
    (s) => `deploy --api-token ${s(V())} --env prod`,
    `deploy --token-file ./token.txt --env prod`,
  );
  shape("flag with =", (s) => `vault login --password=${s(V())}`, `vault login --password-stdin`);
  shape(
    "url query token",
    (s) => `GET https://api.example.com/v1/items?token=${s(V())}&page=2`,
    "GET https://api.example.com/v1/items?page=2&per_page=50",
  );
  shape(
    "url query access_token",
    (s) => `wss://stream.example.com/ws?access_token=${s(V())}`,
    "wss://stream.example.com/ws?access_token=${TOKEN}",
  );
  shape("url userinfo", (s) => `redis://:${s(V())}@cache.internal:6379/0`, "redis://cache.internal:6379/0");
  shape("bearer header", (s) => `Authorization: Bearer ${s(fake(40, URLSAFE))}`, "Authorization: Bearer $ACCESS_TOKEN");
  shape("basic header", (s) => `authorization: Basic ${s(btoa(`ci:${fake(16)}`))}`, 'authorization: Basic realm="api"');
  shape(
    "okta ssws header",
    (s) => `Authorization: SSWS ${s(`00${fake(40, URLSAFE)}`)}`,
    "Authorization: SSWS ${OKTA_TOKEN}",
  );
  shape(
    "github token header",
    (s) => `-H 'Authorization: token ${s(fake(40, HEX))}'`,
    "-H 'Accept: application/vnd.github+json'",
  );
  shape(
    ".pgpass line after - ",
    (s) => `- db.internal:5432:app:app_user:${s(V())}`,
    "- 12:30:45:123:INFO:worker started",
  );
  shape(
    "kubeconfig client-key-data",
    (s) => `users:\n- name: admin\n  user:\n    client-key-data: ${s(kubeKey())}`,
    `clusters:\n- cluster:\n    certificate-authority-data: ${kubeCert()}\n    server: https://k8s.example.com`,
  );
  shape(
    "base64 of a docker config",
    (s) => `DOCKER_CONFIG_B64 ${s(btoa(`{"auths":{"ghcr.io":{"auth":"${btoa(`ci:${fake(20)}`)}"}}}`))}`,
    `settings ${btoa('{"theme":"dark","fontSize":14,"tabs":true,"wordWrap":"on"}')}`,
  );
  shape(
    "base64 of an aws credentials file",
    (s) =>
      `creds: ${s(btoa(`[default]\naws_access_key_id = AKIA${fake(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}\naws_secret_access_key = ${fake(40, B64)}\n`))}`,
    `readme: ${btoa("# Project\n\nRun bun install, then bun test. See docs/ for the design notes.\n")}`,
  );
  shape(
    "random run after a secret word",
    (s) => `the api token is now ${s(fake(32))}, keep it safe`,
    `the api token is now rotated weekly (see ${fake(40, HEX)})`,
  );
  shape("fish set", (s) => `set -x PASSWORD ${s(fake(24))}`, "set -x PATH $HOME/.bun/bin $PATH");
  shape(
    "slack xapp tail",
    (s) =>
      `SLACK_APP=${s(`xapp-1-A${fake(10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}-${fake(13, "0123456789")}-${fake(64, HEX)}`)}`,
    "see api.slack.com/apps for the xapp- app-level token",
  );
  shape(
    "sk-proj without a name",
    (s) => `value=${s(`sk-proj-${fake(156, URLSAFE)}`)}`,
    "models: gpt-4o-mini, o3-mini, text-embedding-3-small",
  );
  shape(
    "dop_v1_ in a note",
    (s) => `deploy with ${s(`dop_v1_${fake(64, HEX)}`)} on staging`,
    `deploy ${fake(40, HEX)} on staging`,
  );
  shape("token glued to a word", (s) => `header${s(`ghp_${fake(36, ALNUM)}`)}`, "header ghp_ tokens are 40 characters");
  alike("git sha", `HEAD is now at ${fake(40, HEX)} merge branch 'main'`);
  alike("sha512 digest", `sha512: ${fake(128, HEX)}`);
  alike("uuid list", `ids: ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-8${fake(3, HEX)}-${fake(12, HEX)}`);
  alike("lockfile integrity", `"integrity": "sha512-${fake(86, B64)}=="`);
  alike("base64 image", `background: url(data:image/png;base64,iVBORw0KGgo${fake(300, B64)});`);
  alike("ssh public key", `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} ci@build`);
  alike("ssh fingerprint", `ED25519 key fingerprint is SHA256:${fake(43, B64)}.`);
  alike("token usage", "tokens: 18234 in / 2048 out, auth ok, password policy: 12+ chars");
});
