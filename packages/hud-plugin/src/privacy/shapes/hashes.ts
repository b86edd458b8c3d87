import type { Shape } from "./shape.ts";

const CRYPT = "[./A-Za-z0-9]";
const B64 = "[A-Za-z0-9+/]";

/**
 * Password hashes and ciphertext: not the password itself, but a hash can be cracked offline and a
 * vault's ciphertext is only as safe as its passphrase, so neither is stored. Each has a fixed head
 * (`$2y$`, `$6$`, `$argon2id$`, `vault:v1:`, `$ANSIBLE_VAULT;`), which no ordinary text has.
 */
export const hashShapes: Shape[] = [
  // bcrypt: cost, then 22 characters of salt and 31 of hash
  { kind: "password-hash", literal: "$2", pattern: /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g },
  // sha-crypt and md5-crypt (`$1$`, `$5$`, `$6$`, rounds optional), yescrypt (`$y$`, `$gy$`), scrypt (`$7$`)
  {
    kind: "password-hash",
    literal: ["$1$", "$5$", "$6$", "$md5$", "$sha1$", "$y$", "$gy$", "$7$"],
    pattern: new RegExp(
      `\\$(?:1|5|6|md5|sha1|y|gy|7)\\$(?:rounds=\\d+\\$)?(?:${CRYPT}{1,40}\\$)?${CRYPT}{1,64}\\$${CRYPT}{22,}`,
      "g",
    ),
  },
  {
    kind: "password-hash",
    literal: "$argon2",
    pattern: new RegExp(`\\$argon2(?:id|i|d)\\$(?:v=\\d+\\$)?m=\\d+,t=\\d+,p=\\d+\\$${B64}+\\$${B64}+`, "g"),
  },
  // PHC and passlib pbkdf2 (`$pbkdf2-sha256$29000$salt$hash`), Django's (`pbkdf2_sha256$600000$salt$hash`)
  {
    kind: "password-hash",
    literal: "pbkdf2",
    pattern: /\$?pbkdf2(?:[-_]sha\d+)?\$(?:i=)?\d+\$[./A-Za-z0-9+=-]+\$[./A-Za-z0-9+=-]{16,}/g,
  },
  { kind: "password-hash", literal: "$scrypt$", pattern: /\$scrypt\$[^\s$]+\$[./A-Za-z0-9+=]+\$[./A-Za-z0-9+=]{16,}/g },
  // PostgreSQL's SCRAM verifier and LDAP's salted hashes
  {
    kind: "password-hash",
    literal: "SCRAM-SHA-",
    pattern: /SCRAM-SHA-(?:1|256)\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+/g,
  },
  { kind: "password-hash", literal: "{S", pattern: /\{(?:SSHA(?:256|512)?|SMD5|CRYPT)\}[A-Za-z0-9+/$.=]{16,}/g },
  // HashiCorp Vault transit ciphertext, SOPS values, Fernet tokens
  { kind: "vault-ciphertext", literal: "vault:v", pattern: /\bvault:v\d+:[A-Za-z0-9+/=]{16,}/g },
  {
    kind: "vault-ciphertext",
    literal: "ENC[",
    pattern: /ENC\[AES256_GCM,data:[^\]\s,]{4,},iv:[^\]\s,]+(?:,[^\]\s,]+)*\]/g,
  },
  { kind: "vault-ciphertext", literal: "gAAAAA", pattern: /\bgAAAAA[A-Za-z0-9_-]{60,}={0,2}/g },
  // an Ansible vault: the header line stays, its hexadecimal lines go (raw or JSON-escaped line breaks)
  {
    kind: "vault-ciphertext",
    literal: "$ANSIBLE_VAULT;",
    pattern: /(\$ANSIBLE_VAULT;\d\.\d;AES256(?:;[\w-]+)?)((?:[ \t]*(?:\r?\n|\\r\\n|\\n)[ \t]*[0-9a-f]{16,})+)/g,
    keepsLead: true,
  },
  // a PGP message is ciphertext too: header to footer
  {
    kind: "vault-ciphertext",
    literal: "-----BEGIN PGP MESSAGE-----",
    pattern: /-----BEGIN PGP MESSAGE-----[\s\S]*?(?:-----END PGP MESSAGE-----|$)/g,
  },
];
