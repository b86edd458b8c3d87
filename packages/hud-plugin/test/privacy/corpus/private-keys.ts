import { B64, HEX, family, fake, lines64, pem } from "./random.ts";

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** Private keys: PEM (raw, cut, JSON-escaped), age, PuTTY. */
export default family("private-keys", ({ shape, alike }) => {
  shape(
    "pem rsa key",
    (s) => s(pem("RSA PRIVATE KEY", `MIIEpAIBAAKCAQEA${fake(1200, B64)}`)),
    pem("CERTIFICATE", `MIIDdzCCAl+gAwIBAgIE${fake(200, B64)}`),
  );
  shape(
    "pem openssh key",
    (s) => s(pem("OPENSSH PRIVATE KEY", `b3BlbnNzaC1rZXktdjEAAAAA${fake(380, B64)}`)),
    `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} dev@laptop`,
  );
  shape(
    "pem ec key",
    (s) => `$ cat key.pem\n${s(pem("EC PRIVATE KEY", `MHcCAQEEI${fake(160, B64)}`))}\n$`,
    `$ cat key.pub\n${pem("PUBLIC KEY", `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A${fake(200, B64)}`)}\n$`,
  );
  shape(
    "pem pkcs8 key",
    (s) => s(pem("PRIVATE KEY", `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${fake(1500, B64)}`)),
    "openssl genpkey -algorithm RSA -out key.pem  # writes a -----BEGIN PRIVATE KEY----- block",
  );
  shape(
    "pem encrypted key",
    (s) =>
      s(
        `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${fake(32, HEX.toUpperCase())}\n\n${lines64(fake(640, B64))}\n-----END RSA PRIVATE KEY-----`,
      ),
    "Proc-Type: 4,ENCRYPTED means the key needs its passphrase",
  );
  shape(
    "pem key cut at its head",
    (s) => `${s(lines64(fake(64 * 6, B64)))}\n-----END PRIVATE KEY-----\nexit 0`,
    `${lines64(fake(64 * 3, HEX))}\n-----END CERTIFICATE-----\nexit 0`,
  );
  const body = () => lines64(`MIIEvgIBADANBgkqhkiG9w0BAQEFAASC${fake(1600, B64)}`);
  shape(
    "json-escaped pem key",
    (s) =>
      `{"type": "service_account", "private_key": "${jsonEscaped(`-----BEGIN PRIVATE KEY-----\n${s(body())}\n-----END PRIVATE KEY-----\n`)}", "client_email": "ci@p.iam.gserviceaccount.com"}`,
    `{"type": "service_account", "private_key_id": "${fake(40, HEX)}", "client_email": "ci@p.iam.gserviceaccount.com"}`,
  );
  shape(
    "json-escaped pem key cut at its tail",
    (s) => `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n${jsonEscaped(s(body()))}`,
    `{"type": "service_account", "project_id": "acme-prod", "auth_uri": "https://accounts.google.com/o/oauth2/auth"}`,
  );
  shape(
    "json-escaped pem key cut at its head",
    (s) => `${jsonEscaped(s(body()))}\\n-----END PRIVATE KEY-----\\n", "client_id": "1234"}`,
    `${jsonEscaped(lines64(fake(64 * 3, HEX)))}\\n-----END CERTIFICATE-----\\n", "client_id": "1234"}`,
  );
  shape(
    "age secret key",
    (s) =>
      `# created: 2026-01-01\n# public key: age1${fake(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")}\n${s(`AGE-SECRET-KEY-1${fake(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")}`)}`,
    `age -r age1${fake(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")} -o secrets.age secrets.txt`,
  );
  shape(
    "putty private key",
    (s) =>
      `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: dev@laptop\nPublic-Lines: 2\n${lines64(`AAAAC3NzaC1lZDI1NTE5AAAAI${fake(60, B64)}`)}\nPrivate-Lines: 1\n${s(`AAAAI${fake(40, B64)}`)}\nPrivate-MAC: ${s(fake(64, HEX))}`,
    `puttygen key.ppk -O public-openssh -o key.pub  # PuTTY-User-Key-File-3 in, ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(43, B64)} out`,
  );
  alike("pem certificate chain", pem("CERTIFICATE", `MIIFazCCA1OgAwIBAgIR${fake(300, B64)}`));
});
