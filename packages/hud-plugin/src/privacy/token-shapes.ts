import { mark } from "./mark.ts";

/**
 * Shapes the maintained rule set (secretlint's recommended preset) has no rule for, each behind a
 * literal that must be in the text. Keep this list to gaps of that set.
 */
const SHAPES: Array<{ kind: string; literal: string; pattern: RegExp; group?: number }> = [
  { kind: "jwt", literal: "eyJ", pattern: /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g },
  { kind: "google-api-key", literal: "AIza", pattern: /\bAIza[\w-]{35}(?![\w-])/g },
  { kind: "google-oauth-secret", literal: "GOCSPX-", pattern: /\bGOCSPX-[\w-]{28}(?![\w-])/g },
  { kind: "google-oauth-token", literal: "ya29.", pattern: /\bya29\.[\w-]{20,}/g },
  {
    kind: "auth-header",
    literal: "",
    // the credential after `Authorization:` (with or without a scheme word) or after `Bearer`; a word
    // without a digit (`Bearer authentication`) is prose
    pattern:
      /\b(authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest)[ \t]+)?|bearer[ \t]+)(?=[\w.~+/-]*\d)([\w.~+/-]{8,}=*)/gi,
    group: 2,
  },
];

/** Tokens of the shapes above become `[redacted:<kind>]`. */
export function redactTokenShapes(text: string): string {
  let out = text;
  for (const shape of SHAPES) {
    if (shape.literal && !out.includes(shape.literal)) continue;
    shape.pattern.lastIndex = 0;
    out = out.replace(shape.pattern, (match: string, lead: string) =>
      shape.group === 2 ? `${lead}${mark(shape.kind)}` : mark(shape.kind),
    );
  }
  return out;
}
