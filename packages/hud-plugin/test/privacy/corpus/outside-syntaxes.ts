import { ALNUM, B64, HEX, LOWER, URLSAFE, family, fake } from "./random.ts";

const CRYPT = `${ALNUM}./`;
const pw = () => `${fake(6, LOWER)}${fake(6)}!`;

/**
 * Secrets after a name, in the syntaxes public rule sets read them in (modelled on Nosey Parker's
 * command-line and connection-string rules, Kingfisher's header and URL rules, secretlint's basic-auth and
 * database-connection rules), password hashes and vault ciphertext (modelled on Nosey Parker's and
 * Kingfisher's hash and vault rules), base64-wrapped keys, and secrets stated in prose.
 */
export default family("outside-syntaxes", ({ shape }) => {
  // headers and protocol lines
  shape(
    "opsgenie GenieKey header",
    (s) =>
      `Authorization: GenieKey ${s(`${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)}`)}`,
    "Authorization: GenieKey $OPSGENIE_KEY",
  );
  shape(
    "irc PASS oauth line",
    (s) => `PASS oauth:${s(fake(30, LOWER + "0123456789"))}\nNICK bot`,
    "PASS is sent before NICK",
  );
  shape(
    "ftp PASS line",
    (s) => `USER deploy\nPASS ${s(pw())}\n230 Login successful`,
    "USER deploy\n331 Please specify the password.",
  );
  shape("redis AUTH line", (s) => `> AUTH default ${s(pw())}\nOK`, "> AUTH\n(error) ERR wrong number of arguments");
  // command-line flags
  shape("psexec -p", (s) => `psexec \\\\srv01 -u admin -p ${s(pw())} cmd`, "psexec \\\\srv01 -s -i cmd");
  shape("sshpass -p", (s) => `sshpass -p '${s(pw())}' ssh ops@10.0.0.4`, "sshpass -e ssh ops@10.0.0.4");
  shape(
    "mongosh -p",
    (s) => `mongosh --host db -u root -p ${s(pw())} --authenticationDatabase admin`,
    "mongosh --host db --port 27017",
  );
  shape(
    "sqlcmd -P",
    (s) => `sqlcmd -S tcp:db,1433 -U sa -P "${s(pw())}" -Q "select 1"`,
    `sqlcmd -S tcp:db,1433 -E -Q "select 1"`,
  );
  shape("redis-cli -a", (s) => `redis-cli -h cache -p 6379 -a ${s(pw())} ping`, "redis-cli -h cache -p 6379 ping");
  shape(
    "ldapsearch -w",
    (s) => `ldapsearch -x -D cn=admin,dc=corp -w ${s(pw())} -b dc=corp`,
    "ldapsearch -x -W -D cn=admin,dc=corp -b dc=corp",
  );
  shape(
    "az login -p",
    (s) => `az login --service-principal -u app-id -p ${s(fake(40, URLSAFE))} --tenant corp`,
    "az login --use-device-code",
  );
  shape("7z -p glued", (s) => `7z x backup.7z -p${s(pw())}`, "7z x backup.7z -oout");
  shape(
    "powershell -Password",
    (s) => `Connect-VIServer -Server vc01 -User admin -Password ${s(pw())}`,
    "Connect-VIServer -Server vc01 -Credential $cred",
  );
  shape(
    "keytool -storepass",
    (s) => `keytool -list -keystore app.jks -storepass ${s(pw())}`,
    "keytool -list -keystore app.jks",
  );
  shape(
    "openssl pass:",
    (s) => `openssl pkcs12 -in a.p12 -passin pass:${s(pw())} -nodes`,
    "openssl pkcs12 -in a.p12 -passin env:P12_PASS -nodes",
  );
  shape(
    "smbclient user%pw",
    (s) => `smbclient //fs/share -U corp\\ops%${s(pw())}`,
    "smbclient //fs/share -U corp\\ops",
  );
  shape(
    "--token with a space",
    (s) => `gh-release --token ${s(fake(36))} v1.2.0`,
    "gh-release --token-file .token v1.2.0",
  );
  shape(
    "htpasswd -b",
    (s) => `htpasswd -b /etc/nginx/.htpasswd admin ${s(pw())}`,
    "htpasswd -c /etc/nginx/.htpasswd admin",
  );
  shape(
    "session cookie",
    (s) => `Cookie: theme=dark; sessionid=${s(fake(32, LOWER + "0123456789"))}; lang=en`,
    "Cookie: theme=dark; lang=en",
  );
  shape(
    "twilio client with literals",
    (s) => `client = Client("AC${fake(32, HEX)}", "${s(fake(32, HEX))}")`,
    "client = Client(account_sid, auth_token)",
  );
  shape("php array arrow", (s) => `'secret_key' => '${s(fake(29))}',`, "'secret_key' => env('APP_SECRET'),");
  shape("fish set -x", (s) => `set -x API_TOKEN ${s(fake(24))}`, "set -x API_TOKEN_FILE ~/.token");
  shape(
    "facebook app token with |",
    (s) => `graph ${s(`${fake(15, "0123456789")}|${fake(27, URLSAFE)}`)}`,
    "graph api | jq .data",
  );
  // call and constructor arguments
  shape(
    "constructor with a random key",
    (s) => `const client = new Client("${s(fake(40))}");`,
    `const client = new Client("https://api.example.com");`,
  );
  shape("login(user, pw)", (s) => `await login("admin", "${s(pw())}");`, `await login(user, password);`);
  shape(
    "HTTPBasicAuth",
    (s) => `r = requests.get(url, auth=HTTPBasicAuth('ci', '${s(pw())}'))`,
    "r = requests.get(url, auth=HTTPBasicAuth(user, pw))",
  );
  shape("setPassword", (s) => `db.setPassword("${s(pw())}")`, `db.setPassword(process.env.DB_PASSWORD)`);
  // URLs of every scheme
  shape(
    "jdbc oracle thin",
    (s) => `jdbc:oracle:thin:scott/${s(pw())}@//db:1521/orcl`,
    "jdbc:oracle:thin:@//db:1521/orcl",
  );
  shape("sqlplus login", (s) => `sqlplus system/${s(pw())}@orcl`, "sqlplus /nolog");
  shape(
    "jdbc mysql query password",
    (s) => `jdbc:mysql://db:3306/app?user=app&password=${s(pw())}&ssl=true`,
    "jdbc:mysql://db:3306/app?ssl=true",
  );
  shape(
    "jdbc sqlserver",
    (s) => `jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=${s(pw())};`,
    "jdbc:sqlserver://db:1433;databaseName=app;integratedSecurity=true;",
  );
  shape(
    "mongodb+srv",
    (s) => `mongodb+srv://app:${s(pw())}@cluster0.ab1cd.mongodb.net/app`,
    "mongodb+srv://cluster0.ab1cd.mongodb.net/app",
  );
  shape("amqp", (s) => `amqp://guest:${s(pw())}@mq:5672/`, "amqp://mq:5672/");
  shape(
    "ftp with @ in the password",
    (s) => `ftp://deploy:${s(`${fake(5, LOWER)}@${fake(5)}`)}@ftp.example.com/`,
    "ftp://ftp.example.com/pub/",
  );
  shape("smb", (s) => `smb://corp;ops:${s(pw())}@fs/share`, "smb://fs/share");
  // base64 after a name, or decoding to a key
  shape(
    "base64 service account after a name",
    (s) =>
      `GCP_SA_KEY_B64=${s(btoa(JSON.stringify({ type: "service_account", project_id: "p1", private_key_id: fake(40, HEX), private_key: "-----BEGIN PRIVATE KEY-----\n" })))}`,
    "GCP_SA_KEY_B64=",
  );
  shape(
    "base64 of a token, no name",
    (s) => `value ${s(btoa(`ghp_${fake(36)}`))}`,
    `value ${btoa("hello world, this is ordinary text")}`,
  );
  shape(
    "base64 url-safe credentials json",
    (s) => `creds: ${s(btoa(JSON.stringify({ client_id: "x", client_secret: fake(24) })).replace(/=+$/, ""))}`,
    "creds: none",
  );
  // password hashes and vault ciphertext
  shape("bcrypt $2y$", (s) => `admin:${s(`$2y$10$${fake(53, CRYPT)}`)}`, "bcrypt hashes start with $2y$ and a cost");
  shape("bcrypt $2b$", (s) => `"password_hash": "${s(`$2b$12$${fake(53, CRYPT)}`)}"`, `"password_hash": null`);
  shape(
    "sha512-crypt $6$",
    (s) => `root:${s(`$6$${fake(16, CRYPT)}$${fake(86, CRYPT)}`)}:19000:0:99999:7:::`,
    "root:!locked:19000:0:99999:7:::",
  );
  shape(
    "sha256-crypt $5$ rounds",
    (s) => `${s(`$5$rounds=5000$${fake(16, CRYPT)}$${fake(43, CRYPT)}`)}`,
    "rounds=5000 is the default",
  );
  shape(
    "argon2id",
    (s) => `hash=${s(`$argon2id$v=19$m=65536,t=3,p=4$${fake(22, B64)}$${fake(43, B64)}`)}`,
    "argon2id is the recommended variant",
  );
  shape(
    "django pbkdf2",
    (s) => `password = "${s(`pbkdf2_sha256$600000$${fake(22)}$${fake(43, B64)}=`)}"`,
    `password = make_password(raw)`,
  );
  shape("vault transit ciphertext", (s) => `ciphertext: ${s(`vault:v1:${fake(60, B64)}==`)}`, "ciphertext: null");
  shape(
    "ansible vault block",
    (s) => `db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  ${s(fake(64, HEX))}\n  ${s(fake(64, HEX))}`,
    'db_password: "{{ vault_db_password }}"',
  );
  shape(
    "sops value",
    (s) =>
      `password: ${s(`ENC[AES256_GCM,data:${fake(16, B64)}=,iv:${fake(43, B64)}=,tag:${fake(22, B64)}==,type:str]`)}`,
    "sops:\n  version: 3.8.1",
  );
  // prose
  shape(
    "prose: the password is 'x'",
    (s) => `FYI the password is '${s(pw())}' until Friday.`,
    "FYI the password is required until Friday.",
  );
  shape(
    "prose: my token is x",
    (s) => `my token is ${s(fake(12))}, use it for the demo`,
    "my token is expired, I will make a new one",
  );
  shape(
    "prose: the passphrase for the backup",
    (s) => `the passphrase for the backup: ${s(pw())}`,
    "the passphrase for the backup is in the vault",
  );
  shape("prose: pwd: x", (s) => `host db01, user app, pwd: ${s(pw())}`, "host db01, user app, pwd: ask ops");
  shape(
    "prose: log in with the password",
    (s) => `log in with the password ${s(pw())} and change it`,
    "log in with the password you were sent and change it",
  );
  shape(
    "prose: set the password to",
    (s) => `I set the admin password to ${s(pw())} for now`,
    "I set the admin password to expire in 30 days",
  );
  shape(
    "prose: credentials are",
    (s) => `the credentials are ${s(`ci:${fake(12)}`)} on the wiki`,
    "the credentials are on the wiki",
  );
  shape(
    "prose: passcode",
    (s) => `the passcode is ${s(fake(6, "0123456789"))}.`,
    "the passcode is printed on the badge.",
  );
  shape(
    "prose: password was changed to",
    (s) => `the root password was changed to "${s(pw())}" yesterday`,
    "the root password was changed yesterday",
  );
});
