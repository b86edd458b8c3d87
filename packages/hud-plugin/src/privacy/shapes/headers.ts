import type { Shape } from "./shape.ts";

/** JSON web tokens and the credential of an Authorization header. */
export const headerShapes: Shape[] = [
  { kind: "jwt", literal: "eyJ", pattern: /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g },
  {
    kind: "auth-header",
    literal: [
      "uthorization",
      "UTHORIZATION",
      "earer",
      "EARER",
      "SSWS",
      "ssws",
      "Ssws",
      "enieKey",
      "eniekey",
      "ENIEKEY",
    ],
    // the credential after `Authorization:` (with or without a scheme word, any: Okta's `SSWS`, Opsgenie's
    // `GenieKey`, `token`, …) or after `Bearer`/`SSWS`/`GenieKey`; a word without a digit (`Bearer
    // authentication`) is prose
    pattern:
      /\b(authorization["']?[ \t]*[:=][ \t]*["']?(?:[A-Za-z][\w-]{1,30}[ \t]+(?=[\w.~+/:-]*\d))?|(?:bearer|ssws|geniekey)[ \t]+)((?=[\w.~+/-]*\d)[\w.~+/:-]{8,}=*)/gi,
    keepsLead: true,
  },
  // a session cookie is a credential: the value of a cookie whose name says session, auth or token
  {
    kind: "session-cookie",
    literal: ["ookie", "OOKIE"],
    pattern:
      /(\b(?:set-)?cookie["']?[ \t]*:[ \t]*(?:[^\n;]*;[ \t]*)*?[\w.%-]*(?:session|sess|sid|auth|token|jwt|remember)[\w.%-]*=)([^;\s"']{8,})/gi,
    keepsLead: true,
  },
];
