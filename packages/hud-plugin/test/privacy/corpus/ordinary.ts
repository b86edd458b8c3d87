import { B64, HEX, family, fake } from "./random.ts";

/** What tool output is full of and holds no secret: hashes, ids, integrity strings, settings, code. */
export default family("ordinary", ({ alike }) => {
  alike("git commit id", `commit ${fake(40, HEX)}\nAuthor: Dev <dev@example.com>`);
  alike("short commit ids", `${fake(7, HEX)} fix: parse flags\n${fake(7, HEX)} chore: bump`);
  alike("sha256 digest", `sha256:${fake(64, HEX)}`);
  alike("sha256 of a file", `${fake(64, HEX)}  dist/server.js`);
  alike("uppercase hex", `checksum ${fake(40, "0123456789ABCDEF")}`);
  alike("uuid", `session ${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)} started`);
  alike("npm integrity sha1", `"integrity": "sha1-${fake(27, B64)}="`);
  alike("go sum line", `golang.org/x/text v0.14.0 h1:${fake(43, B64)}=`);
  alike(
    "base64 test data",
    `const fixture = "${Buffer.from("hello world, this is test data 12345").toString("base64")}";`,
  );
  alike("png data uri", `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk`);
  alike(".env port", "PORT=5432");
  alike(".env node env", "NODE_ENV=production");
  alike(".env host", "DATABASE_HOST=db.internal");
  alike("token limit", "TOKEN_LIMIT=4000");
  alike("max tokens", `{"model": "gpt-4o", "max_tokens": 4096, "temperature": 0.2}`);
  alike("tokens usage", "tokens: 12345 in, 678 out");
  alike("key file path", "KEY_FILE=/etc/ssl/private/server.key");
  alike("ssh key path", "SSH_KEY=~/.ssh/id_ed25519");
  alike("primary key", `primaryKey: "userId",`);
  alike("sort key", "sortKey: createdAt");
  alike("keyboard", "keyboard: true");
  alike("password policy", "password_min_length: 12");
  alike("token from env", "const token = process.env.GITHUB_TOKEN;");
  alike("typed field", "  token: string;\n  apiKey?: string;");
  alike("member access", "  apiKey: this.apiKey,\n  secret: options.secret,");
  alike("placeholder", "PASSWORD=${DB_PASSWORD}\nAPI_KEY=<your-key-here>");
  alike("masked password", `password: "********"`);
  alike("email", "Contact: first.last@example.com");
  alike("linux path", "/usr/lib/x86_64-linux-gnu/libssl.so.3 => /lib/libssl.so.3 (0x00007f1c2b400000)");
  alike("docker image pin", `node:20-alpine@sha256:${fake(64, HEX)}`);
  alike("package spec", "@secretlint/secretlint-rule-preset-recommend@13.1.0");
  alike("long identifier", "createSessionRuntimeFromStoreAndConfig(options)");
  alike("test output", "✓ test/privacy/redactor.test.ts > redacts secrets [3.21ms]\n 142 pass\n 0 fail");
  alike("tokenizer", "tokenizer: o200k_base");
  alike("pwd output", "$ pwd\n/home/dev/project");
  alike("monkey", "monkey=banana");
  alike("css hash class", `<div class="css-1x2y3z4 MuiBox-root-AbCdEf12">`);
  alike("version triple", "bun 1.3.14 (0d9b296a) node v22.11.0 typescript 5.9.3");
  alike("sort -u and ps -u", "sort -u names.txt | head\nps -u root -o pid,cmd");
  alike("time stamps", "12:30:45 build 1:02:03:04 done in 00:01:12.5");
});
