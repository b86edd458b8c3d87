import { placeholder, type Shape } from "./shape.ts";

// a value, quoted or not, that is not the next flag or a variable (`placeholder` spares `$VAR`, `<pw>`)
const VALUE = `(?:"[^"\\n]+"|'[^'\\n]+'|(?![-/])[^\\s"'\`|;&]+)`;
const lead = (commands: string, flag: string) =>
  new RegExp(`(\\b(?:${commands})\\b[^\\n|;&]*?[ \\t]${flag}[ \\t]+)(${VALUE})`, "g");
const unquoted = (value: string) => placeholder(value.replace(/^["']/, ""));

/**
 * Passwords given to a command by a short flag. A short flag means a password only for its command
 * (`-p` is a port for ssh and redis-cli, a path for mkdir), so each flag is read after the commands that
 * take a password with it: remote shells and admin tools (`psexec -p`), database clients (`sqlcmd -P`,
 * `mongosh -p`, `redis-cli -a`, `ldapsearch -w`), registry and cloud logins (`az login -p`), archives
 * (`7z -pX`, `zip -P X`), key tools (`ssh-keygen -N X`). Long flags of one dash (`-Password X`, PowerShell's
 * and Java's `-storepass X`), OpenSSL's `pass:X`, `user%password` for SMB clients, `net use … password
 * /user:` and `/p:X` for RDP clients are read anywhere.
 */
export const passwordFlagShapes: Shape[] = [
  {
    kind: "password",
    literal: [
      "psexec",
      "paexec",
      "hydra",
      "medusa",
      " login",
      "mongo",
      "unrar",
      "rdesktop",
      "nxc",
      "winrm",
      "cf auth",
      "mapexec",
      "wmiexec",
      "smbexec",
      "atexec",
    ],
    gate: /[ \t]-p[ \t]/,
    pattern: lead(
      "psexec(?:64)?(?:\\.exe)?|paexec|hydra|medusa|mongo(?:sh|dump|restore|export|import|stat|top)?|(?:az|oc|cf|docker|podman|nerdctl|buildah|skopeo|helm[ \\t]+registry|crane|oras)[ \\t]+login|cf[ \\t]+auth|unrar|rdesktop|crackmapexec|nxc|evil-winrm|wmiexec(?:\\.py)?|smbexec(?:\\.py)?|atexec(?:\\.py)?",
      "-p",
    ),
    keepsLead: true,
    spare: unquoted,
  },
  {
    kind: "password",
    literal: ["sqlcmd", "bcp", "osql", "isql", "zip", "ssh-keygen"],
    // (the flag first: rarer than the commands' names)
    gate: /[ \t]-P[ \t]/,
    pattern: lead("sqlcmd|bcp|osql|isql|zip|ssh-keygen", "-P"),
    keepsLead: true,
    spare: unquoted,
  },
  { kind: "password", literal: "ldap", pattern: lead("ldap\\w+", "-w"), keepsLead: true, spare: unquoted },
  { kind: "password", literal: "redis-cli", pattern: lead("redis-cli", "-a"), keepsLead: true, spare: unquoted },
  { kind: "password", literal: "ssh-keygen", pattern: lead("ssh-keygen", "-N"), keepsLead: true, spare: unquoted },
  // `htpasswd -b file user password`, `htpasswd -nb user password`: the last argument
  {
    kind: "password",
    literal: "htpasswd",
    pattern: /(\bhtpasswd[ \t]+-[a-zA-Z]*b[a-zA-Z]*[ \t]+(?:(?!-)[^\s|;&]+[ \t]+){1,2})([^\s|;&]+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // 7-Zip's and rar's password is glued to its flag (`-pSECRET`, `-hpSECRET`)
  {
    kind: "password",
    literal: ["7z", "rar"],
    pattern: /(\b(?:7z|7za|7zz|rar|unrar)\b[^\n|;&]*?[ \t]-h?p)([^\s"'-][^\s"']*)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // one-dash long flags: PowerShell's (`-Password`, `-AccessToken`), keytool's, influx's, openssl's `-passin`
  {
    kind: "password",
    gate: /[ \t"'](?:-[A-Z][a-z]+[A-Za-z]*(?:Password|Passphrase|Token|Secret|Key)|-Password|-Passphrase|-Token|-Secret|-(?:password|passwd|passphrase|storepass|keypass|srcstorepass|deststorepass|srckeypass|destkeypass|token|secret|apikey|passin|passout|pass))[ \t:=]/,
    pattern: new RegExp(
      `((?:^|[ \\t"'])-(?:(?:[A-Z][a-z]+)*(?:Password|Passphrase|Token|Secret|ApiKey|AccessKey|SecretKey)|password|passwd|passphrase|storepass|keypass|srcstorepass|deststorepass|srckeypass|destkeypass|token|secret|apikey|passin|passout|pass)[ \\t:=]+)(${VALUE})`,
      "gm",
    ),
    keepsLead: true,
    // (a short word or a sentence's next word is prose about the flag: "accepts -Password to set it")
    spare: (value) =>
      unquoted(value) ||
      /^(?:stdin|env:|file:|fd:)/.test(value) ||
      /^(?:[a-z]{1,4}|with|from|when|that|this|then|will|must|which|into|should|option|flag|parameter|argument)$/.test(
        value,
      ),
  },
  // OpenSSL's `pass:SECRET` wherever it is given
  { kind: "password", literal: "pass:", pattern: /(\bpass:)([^\s"']+)/g, keepsLead: true, spare: placeholder },
  // smbclient, rpcclient, mount.cifs: `-U user%password`
  {
    kind: "password",
    literal: "%",
    pattern: /(\s(?:-U|--user(?:name)?[ =])[ \t]*["']?[\w.\\@-]+%)([^\s"']+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // `net use \\server\share PASSWORD /user:DOMAIN\name`
  {
    kind: "password",
    literal: "net",
    pattern: /(\bnet[ \t]+use\b[^\n]*?\\\\\S+[ \t]+)((?!\/)[^\s"'*]+)(?=[ \t]+\/u(?:ser)?:)/gi,
    keepsLead: true,
    spare: placeholder,
  },
  // FreeRDP's `/p:SECRET`
  { kind: "password", literal: "/p:", pattern: /((?:^|\s)\/p:)([^\s"']+)/g, keepsLead: true, spare: placeholder },
  // PowerShell's `ConvertTo-SecureString "SECRET" -AsPlainText`
  {
    kind: "password",
    literal: "ConvertTo-SecureString",
    pattern: /(ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?["'])([^"'\n]+)(?=["'])/gi,
    keepsLead: true,
    spare: placeholder,
  },
];
