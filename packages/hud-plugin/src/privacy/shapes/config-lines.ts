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
  // .pgpass: `host:port:database:user:password`
  {
    kind: "password",
    gate: /:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:\S/,
    pattern: /^([^:\s]+:(?:\d+|\*):[^:\s]+:[^:\s]+:)(\S+)$/gm,
    keepsLead: true,
    spare: placeholder,
  },
];
