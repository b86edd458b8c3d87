import type { Shape } from "./shape.ts";

/** JSON web tokens and the credential of an Authorization header. */
export const headerShapes: Shape[] = [
  { kind: "jwt", literal: "eyJ", pattern: /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g },
  {
    kind: "auth-header",
    // the credential after `Authorization:` (with or without a scheme word) or after `Bearer`; a word
    // without a digit (`Bearer authentication`) is prose
    pattern:
      /\b(authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest)[ \t]+)?|bearer[ \t]+)((?=[\w.~+/-]*\d)[\w.~+/-]{8,}=*)/gi,
    keepsLead: true,
  },
];
