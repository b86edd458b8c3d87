import { mark } from "./mark.ts";

type Shape = {
  kind: string;
  /** A literal the text must hold for the pattern to be tried. */
  literal?: string;
  pattern: RegExp;
  /** The pattern's first group is context to keep (a header name); the second is the credential. */
  keepsLead?: true;
};

/** Shapes the maintained rule set (secretlint's recommended preset) has no rule for; keep to its gaps. */
const SHAPES: Shape[] = [
  { kind: "jwt", literal: "eyJ", pattern: /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g },
  { kind: "google-api-key", literal: "AIza", pattern: /\bAIza[\w-]{35}(?![\w-])/g },
  { kind: "google-oauth-secret", literal: "GOCSPX-", pattern: /\bGOCSPX-[\w-]{28}(?![\w-])/g },
  { kind: "google-oauth-token", literal: "ya29.", pattern: /\bya29\.[\w-]{20,}/g },
  {
    kind: "auth-header",
    // the credential after `Authorization:` (with or without a scheme word) or after `Bearer`; a word
    // without a digit (`Bearer authentication`) is prose
    pattern:
      /\b(authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest)[ \t]+)?|bearer[ \t]+)(?=[\w.~+/-]*\d)[\w.~+/-]{8,}=*/gi,
    keepsLead: true,
  },
];

/** Tokens of the shapes above become `[redacted:<kind>]`. */
export function redactTokenShapes(text: string): string {
  let out = text;
  for (const shape of SHAPES) {
    if (shape.literal && !out.includes(shape.literal)) continue;
    out = out.replace(shape.pattern, (_match: string, lead?: string) =>
      shape.keepsLead ? `${lead}${mark(shape.kind)}` : mark(shape.kind),
    );
  }
  return out;
}
