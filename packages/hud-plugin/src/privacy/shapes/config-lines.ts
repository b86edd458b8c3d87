import { placeholder, type Shape } from "./shape.ts";

/** Credential files whose lines name no secret the way `NAME=value` does. */
export const configLineShapes: Shape[] = [
  // .netrc: `machine host login user password secret`, on one line or several
  {
    kind: "password",
    literal: "password",
    pattern: /(\b(?:machine[ \t\r\n]+\S+|default)(?:\s+(?:login|account|port)\s+\S+)*\s+password\s+)(\S+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // .pgpass: `host:port:database:user:password`, at a line's start or anywhere after a space, a quote or a
  // list's `- `; the host names a host (a letter, `*`, an address), so `12:30:45:…` times are not taken
  {
    kind: "password",
    gate: /:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:\S/,
    pattern:
      /((?:^|[ \t"'`(])(?:\*|[\w.-]*[A-Za-z][\w.-]*|\d{1,3}(?:\.\d{1,3}){3}):(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:)([^\s"'`)]+)(?=["'`)]?[ \t]*$)/gm,
    keepsLead: true,
    spare: placeholder,
  },
  // fish's `set -x API_TOKEN value` (and `-gx`, `-Ux`): a secret-named variable set without `=`
  {
    kind: "password",
    literal: "set -",
    pattern:
      /(\bset[ \t]+(?:-[a-zA-Z]+[ \t]+)+[A-Za-z_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|PASSPHRASE|CREDENTIALS?)\d*[ \t]+["']?)([^\s"']+)/gi,
    keepsLead: true,
    spare: placeholder,
  },
  // Bundler's credentials for a gem server: `BUNDLE_GEMS__EXAMPLE__COM=user:password`
  {
    kind: "password",
    literal: "BUNDLE_",
    pattern: /(\bBUNDLE_[A-Z0-9_]+__[A-Z0-9]+=["']?)([^\s:"'$]+:[^\s"']+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // NuGet.Config: `<add key="ClearTextPassword" value="…" />`, and any `<add key="…Token|Secret|Key">`
  {
    kind: "password",
    literal: "<add",
    pattern: /(<add[ \t]+key="[\w.:-]*(?:[Pp]assword|[Tt]oken|[Ss]ecret|[Aa]pi[Kk]ey)"[ \t]+value=")([^"\n]+)(?=")/g,
    keepsLead: true,
    spare: placeholder,
  },
];
