import type { Shape } from "./shape.ts";

/** JSON web tokens and the credential of an Authorization header. */
export const headerShapes: Shape[] = [
  { kind: "jwt", literal: "eyJ", pattern: /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g },
  {
    kind: "auth-header",
    // the credential after `Authorization:` (with or without a scheme word: Okta's `SSWS`, `token`, …) or
    // after `Bearer`/`SSWS`; a word without a digit (`Bearer authentication`) is prose
    pattern:
      /\b(authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest|ssws|api-?key|apikey|key|sso-key)[ \t]+)?|(?:bearer|ssws)[ \t]+)((?=[\w.~+/-]*\d)[\w.~+/:-]{8,}=*)/gi,
    keepsLead: true,
  },
];
