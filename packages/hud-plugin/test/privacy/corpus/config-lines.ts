import { HEX, URLSAFE, family, fake } from "./random.ts";

/** Secrets in configuration files: `.env`, YAML, JSON, `.netrc`, `.pgpass`, code. */
export default family("config-lines", ({ shape }) => {
  shape(
    ".env password",
    (s) => `DB_HOST=localhost\nDB_PASSWORD=${s(fake(14))}\nDB_PORT=5432`,
    "DB_HOST=localhost\nDB_PASSWORD=\nDB_PORT=5432",
  );
  shape(".env short password", (s) => `ADMIN_PASS=${s("hunter2")}`, "ADMIN_PASS_MIN_LENGTH=12");
  shape("export token", (s) => `export API_TOKEN="${s(fake(32, URLSAFE))}"`, 'export API_TOKEN="${API_TOKEN}"');
  shape(
    "yaml password",
    (s) => `database:\n  user: app\n  password: ${s(`${fake(10)}!x`)}`,
    "database:\n  user: app\n  password: true",
  );
  shape(
    "json client secret",
    (s) => `{"client_id": "web", "client_secret": "${s(fake(40))}"}`,
    `{"client_id": "web", "client_secret": ""}`,
  );
  shape("quoted api key", (s) => `API_KEY='${s(fake(32, HEX))}'`, "API_KEY=<your-key-here>");
  shape(
    "python secret assignment",
    (s) => `SECRET = "${s(fake(50, URLSAFE))}"`,
    `SECRET_KEY = os.environ["SECRET_KEY"]`,
  );
  shape(
    ".netrc one line",
    (s) => `machine api.example.com login ci password ${s(fake(18))}`,
    "machine api.example.com login ci",
  );
  shape(
    ".netrc lines",
    (s) => `machine git.example.com\n  login ci\n  password ${s(fake(16))}\nmachine other.example.com`,
    "password authentication failed for user ci\nhint: check the password in ~/.netrc",
  );
  shape(
    ".pgpass line",
    (s) => `$ cat ~/.pgpass\ndb.internal:5432:app:app_user:${s(fake(16))}\n$`,
    "$ head -1 /etc/passwd\nroot:x:0:0:root:/root:/bin/bash\n$",
  );
  shape(
    ".pgpass wildcard line",
    (s) => `*:*:*:postgres:${s(fake(12))}`,
    "src/app.ts:42:7 - error TS2322: Type 'string' is not assignable",
  );
});
