// The redactor's corpus: secret shapes that must all be redacted and look-alikes that must stay. Every
// value is fake, generated here from a fixed seed; the shapes follow the providers' published formats.

// xorshift32: integer-exact, so the fakes stay random-looking however many are drawn
let seed = 20_240_601;
const next = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % 2 ** 31;
};
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = "0123456789abcdef";
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;

/** Random characters from `alphabet`, with at least one digit when the alphabet has digits. */
export function fake(length: number, alphabet = ALNUM): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[next() % alphabet.length];
  if (/\d/.test(alphabet) && !/\d/.test(out)) out = `${out.slice(0, -1)}7`;
  return out;
}

export type SecretCase = { name: string; text: string; secrets: string[] };
export type LookAlike = { name: string; text: string };

const pem = (label: string, body: string) =>
  `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----`;

export function secretCases(): SecretCase[] {
  const cases: SecretCase[] = [];
  const add = (name: string, build: (s: (v: string) => string) => string) => {
    const secrets: string[] = [];
    const text = build((value) => (secrets.push(value), value));
    cases.push({ name, text, secrets });
  };
  add("aws access key id", (s) => `found credentials: ${s(`AKIA${fake(16, UPPER + "234567")}`)}`);
  add("aws temporary key id", (s) => `"AccessKeyId": "${s(`ASIA${fake(16, UPPER + DIGITS)}`)}",`);
  add("aws secret key, .env", (s) => `AWS_SECRET_ACCESS_KEY=${s(fake(40, B64))}`);
  add("aws secret key, json", (s) => `{"aws_secret_access_key": "${s(fake(40, B64))}"}`);
  add("aws secret key, credentials file", (s) => `[default]\naws_secret_access_key = ${s(fake(40, B64))}`);
  add("github classic token", (s) => `token: ${s(`ghp_${fake(36)}`)}`);
  add("github oauth token", (s) => `gh auth status: ${s(`gho_${fake(36)}`)}`);
  add("github fine-grained token", (s) => `GH=${s(`github_pat_${fake(22)}_${fake(59)}`)}`);
  add("github app token", (s) => `installation token ${s(`ghs_${fake(36)}`)} expires in 1h`);
  add("github refresh token", (s) => `refresh=${s(`ghr_${fake(36)}`)}`);
  add("gitlab token", (s) => `glab auth login --token ${s(`glpat-${fake(20, URLSAFE)}`)}`);
  add("slack bot token", (s) => `SLACK=${s(`xoxb-${fake(11, DIGITS)}-${fake(13, DIGITS)}-${fake(24)}`)}`);
  add(
    "slack user token",
    (s) => `using ${s(`xoxp-${fake(11, DIGITS)}-${fake(11, DIGITS)}-${fake(12, DIGITS)}-${fake(32, HEX)}`)}`,
  );
  add(
    "slack webhook",
    (s) =>
      `curl -X POST https://hooks.slack.com/services/T${s(`${fake(8, UPPER + DIGITS)}/B${fake(8, UPPER + DIGITS)}/${fake(24)}`)}`,
  );
  add("stripe live key", (s) => `stripe.api_key = "${s(`sk_live_${fake(24)}`)}"`);
  add("stripe restricted key", (s) => `key ${s(`rk_test_${fake(40)}`)}`);
  add("openai project key", (s) => `OPENAI=${s(`sk-proj-${fake(58, URLSAFE)}T3BlbkFJ${fake(58, URLSAFE)}`)}`);
  add("openai legacy key", (s) => `openai.api_key = ${s(`sk-${fake(20)}T3BlbkFJ${fake(20)}`)}`);
  add("anthropic key", (s) => `x-api-key: ${s(`sk-ant-api03-${fake(93, URLSAFE)}AA`)}`);
  add("google api key", (s) => `https://maps.googleapis.com/maps/api/js?key=${s(`AIza${fake(35, URLSAFE)}`)}`);
  add("google oauth client secret", (s) => `"client_secret":"${s(`GOCSPX-${fake(28, URLSAFE)}`)}"`);
  add("google oauth access token", (s) => `access token ${s(`ya29.${fake(120, URLSAFE)}`)}`);
  const jwt = () => `eyJ${fake(30, URLSAFE)}.eyJ${fake(60, URLSAFE)}.${fake(43, URLSAFE)}`;
  add("jwt", (s) => `session cookie: ${s(jwt())}`);
  add("bearer header", (s) => `curl -H "Authorization: Bearer ${s(jwt())}" https://api.example.com`);
  add("basic auth header", (s) => `Authorization: Basic ${s(fake(32, B64))}==`);
  add("pem rsa key", (s) => s(pem("RSA PRIVATE KEY", `MIIEpAIBAAKCAQEA${fake(1200, B64)}`)));
  add("pem openssh key", (s) => s(pem("OPENSSH PRIVATE KEY", `b3BlbnNzaC1rZXktdjEAAAAA${fake(380, B64)}`)));
  add("pem ec key", (s) => `$ cat key.pem\n${s(pem("EC PRIVATE KEY", `MHcCAQEEI${fake(160, B64)}`))}\n$`);
  add("pem pkcs8 key", (s) => s(pem("PRIVATE KEY", `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${fake(1500, B64)}`)));
  add("pem encrypted key", (s) =>
    s(
      `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${fake(32, HEX.toUpperCase())}\n\n${fake(
        640,
        B64,
      )
        .match(/.{1,64}/g)!
        .join("\n")}\n-----END RSA PRIVATE KEY-----`,
    ),
  );
  add(
    "pem key cut at its head",
    (s) =>
      `${s(
        fake(64 * 6, B64)
          .match(/.{1,64}/g)!
          .join("\n"),
      )}\n-----END PRIVATE KEY-----\nexit 0`,
  );
  add("https url credentials", (s) => `git clone https://deploy:${s(fake(20))}@git.example.com/team/app.git`);
  add("postgres url", (s) => `DATABASE_URL=postgres://app:${s(fake(16))}@db.internal:5432/app`);
  add("mongodb url", (s) => `connecting to mongodb+srv://admin:${s(fake(18))}@cluster0.example.mongodb.net/`);
  add("redis url, password only", (s) => `REDIS=redis://:${s(fake(24))}@cache:6379/0`);
  add(".env password", (s) => `DB_HOST=localhost\nDB_PASSWORD=${s(fake(14))}\nDB_PORT=5432`);
  add(".env short password", (s) => `ADMIN_PASS=${s("hunter2")}`);
  add("export token", (s) => `export API_TOKEN="${s(fake(32, URLSAFE))}"`);
  add("yaml password", (s) => `database:\n  user: app\n  password: ${s(`${fake(10)}!x`)}`);
  add("json client secret", (s) => `{"client_id": "web", "client_secret": "${s(fake(40))}"}`);
  add("quoted api key", (s) => `API_KEY='${s(fake(32, HEX))}'`);
  add("cli password flag", (s) => `mysql --user=root --password=${s(fake(12))} app`);
  add("npm token", (s) => `//registry.example.org/:_authToken=${s(`npm_${fake(36)}`)}`);
  // the preset's SendGrid rule takes `\w` segments (one `-` at most in the last): the corpus keeps to that
  add("sendgrid key", (s) => `SENDGRID=${s(`SG.${fake(22, `${ALNUM}_`)}.${fake(43, `${ALNUM}_`)}`)}`);
  add("huggingface token", (s) => `huggingface-cli login --token ${s(`hf_${fake(34, UPPER + LOWER)}`)}`);
  add("shopify token", (s) => `shop token ${s(`shpat_${fake(32, HEX)}`)}`);
  add("docker pat", (s) => `docker login -u me -p ${s(`dckr_pat_${fake(27, URLSAFE)}`)}`);
  add("vault token", (s) => `VAULT=${s(`hvs.${fake(95, URLSAFE)}`)}`);
  add("databricks token", (s) => `host token ${s(`dapi${fake(32, HEX)}`)}`);
  add("groq key", (s) => `groq ${s(`gsk_${fake(52)}`)}`);
  add("linear key", (s) => `linear ${s(`lin_api_${fake(40)}`)}`);
  add("notion token", (s) => `NOTION=${s(`ntn_${fake(11, DIGITS)}${fake(35)}`)}`);
  add("cloudflare token", (s) => `cloudflare ${s(`cfut_${fake(40)}${fake(8, HEX)}`)}`);
  add("figma token", (s) => `figma ${s(`figd_${fake(48, URLSAFE)}`)}`);
  add("grafana cloud token", (s) => `grafana ${s(`glc_${fake(64)}`)}`);
  add("grafana service account", (s) => `grafana ${s(`glsa_${fake(32)}_${fake(8, HEX)}`)}`);
  add("tailscale key", (s) => `tailscale up --authkey ${s(`tskey-auth-${fake(16)}-${fake(32)}`)}`);
  add("vercel token", (s) => `vercel ${s(`vcp_${fake(40)}`)}`);
  add("vault batch token", (s) => `vault ${s(`hvb.${fake(150, URLSAFE)}`)}`);
  add("1password service account", (s) => {
    let json = JSON.stringify({
      email: `${fake(12, LOWER)}@example.com`,
      secretKey: `A3-${fake(6, UPPER)}`,
      srpX: fake(64, HEX),
    });
    while (json.length % 3 !== 1) json = `${json.slice(0, -1)} }`;
    return `OP=${s(`ops_${Buffer.from(json).toString("base64")}`)}`;
  });
  add("python secret assignment", (s) => `SECRET = "${s(fake(50, URLSAFE))}"`);
  add("private tags", (s) => `notes <private>${s(`my pin is ${fake(6, DIGITS)}`)}</private> end`);
  return cases;
}

export function lookAlikes(): LookAlike[] {
  const items: LookAlike[] = [];
  const add = (name: string, text: string) => items.push({ name, text });
  add("git commit id", `commit ${fake(40, HEX)}\nAuthor: Dev <dev@example.com>`);
  add("short commit ids", `${fake(7, HEX)} fix: parse flags\n${fake(7, HEX)} chore: bump`);
  add("sha256 digest", `sha256:${fake(64, HEX)}`);
  add("sha256 of a file", `${fake(64, HEX)}  dist/server.js`);
  add("uppercase hex", `checksum ${fake(40, "0123456789ABCDEF")}`);
  add("uuid", `session ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)} started`);
  add("npm integrity sha512", `"integrity": "sha512-${fake(86, B64)}=="`);
  add("npm integrity sha1", `"integrity": "sha1-${fake(27, B64)}="`);
  add("go sum line", `golang.org/x/text v0.14.0 h1:${fake(43, B64)}=`);
  add(
    "base64 test data",
    `const fixture = "${Buffer.from("hello world, this is test data 12345").toString("base64")}";`,
  );
  add("png data uri", `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk`);
  add("ssh public key", `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} dev@laptop`);
  add("pem certificate", pem("CERTIFICATE", `MIIDdzCCAl+gAwIBAgIE${fake(200, B64)}`));
  add("pem public key", pem("PUBLIC KEY", `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A${fake(200, B64)}`));
  add(".env port", "PORT=5432");
  add(".env node env", "NODE_ENV=production");
  add(".env host", "DATABASE_HOST=db.internal");
  add("token limit", "TOKEN_LIMIT=4000");
  add("max tokens", `{"model": "gpt-4o", "max_tokens": 4096, "temperature": 0.2}`);
  add("tokens usage", "tokens: 12345 in, 678 out");
  add("key file path", "KEY_FILE=/etc/ssl/private/server.key");
  add("ssh key path", "SSH_KEY=~/.ssh/id_ed25519");
  add("primary key", `primaryKey: "userId",`);
  add("sort key", "sortKey: createdAt");
  add("keyboard", "keyboard: true");
  add("password policy", "password_min_length: 12");
  add("token from env", "const token = process.env.GITHUB_TOKEN;");
  add("typed field", "  token: string;\n  apiKey?: string;");
  add("member access", "  apiKey: this.apiKey,\n  secret: options.secret,");
  add("python env read", `SECRET_KEY = os.environ["SECRET_KEY"]`);
  add("placeholder", "PASSWORD=${DB_PASSWORD}\nAPI_KEY=<your-key-here>");
  add("empty password", `"password": "",`);
  add("masked password", `password: "********"`);
  add("bearer variable", `curl -H "Authorization: Bearer $TOKEN" https://api.example.com`);
  add("bearer prose", "Bearer authentication sends the token in a header (RFC 6750).");
  add("url without credentials", "https://github.com/agent-hud/agent-hud.git and git@github.com:org/repo.git");
  add("url with port and at", "http://localhost:3000/api@v2/users");
  add("email", "Contact: first.last@example.com");
  add("linux path", "/usr/lib/x86_64-linux-gnu/libssl.so.3 => /lib/libssl.so.3 (0x00007f1c2b400000)");
  add("docker image pin", `node:20-alpine@sha256:${fake(64, HEX)}`);
  add("package spec", "@secretlint/secretlint-rule-preset-recommend@13.1.0");
  add("long identifier", "createSessionRuntimeFromStoreAndConfig(options)");
  add("test output", "✓ test/privacy/redactor.test.ts > redacts secrets [3.21ms]\n 142 pass\n 0 fail");
  add("tokenizer", "tokenizer: o200k_base");
  add("pwd output", "$ pwd\n/home/dev/project");
  add("password true", "password: true");
  add("monkey", "monkey=banana");
  add("jwt header alone", `alg header eyJhbGciOiJIUzI1NiJ9 decoded`);
  add("css hash class", `<div class="css-1x2y3z4 MuiBox-root-AbCdEf12">`);
  add("version triple", "bun 1.3.14 (0d9b296a) node v22.11.0 typescript 5.9.3");
  return items;
}
