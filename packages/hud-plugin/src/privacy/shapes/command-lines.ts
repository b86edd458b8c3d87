import { placeholder, type Shape } from "./shape.ts";

/** Credentials given to a command as arguments; a variable (`$PASS`) stays. */
export const commandLineShapes: Shape[] = [
  // curl's `-u user:password` (other commands' `-u` is a user or a uid: `docker run -u 1000:1000`)
  {
    kind: "password",
    literal: "curl",
    pattern: /(\bcurl\b[^\n]*?\s(?:-u|--user)[ \t=]*["']?[^\s:"']*:)([^\s"']+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // the MySQL clients' `-pSECRET` (their `-p` alone asks for the password)
  {
    kind: "password",
    literal: ["mysql", "mariadb"],
    pattern: /(\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*?\s-p)([^\s-]\S*)/g,
    keepsLead: true,
    spare: placeholder,
  },
  // `--password SECRET`, `--api-token SECRET`, `--github-token SECRET` (the `=` form is a secret-named
  // value); `--password -h` is a flag
  {
    kind: "password",
    literal: "--",
    pattern:
      /(--(?:[a-z0-9]+-){0,3}(?:password|passwd|pass|passphrase|token|secret|api-?key|access-key|secret-key|private-key|credentials?)[ \t]+["']?)((?!-)[^\s"'`]+)/g,
    keepsLead: true,
    spare: placeholder,
  },
  {
    kind: "password",
    literal: ["sshpass", "login"],
    pattern: /(\b(?:sshpass|docker[ \t]+login\b[^\n]*?)[ \t]+-p[ \t]*)([^\s-]\S*)/g,
    keepsLead: true,
    spare: placeholder,
  },
];
