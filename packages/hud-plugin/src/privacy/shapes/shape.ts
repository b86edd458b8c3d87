import { mark } from "../mark.ts";

export type Shape = {
  kind: string;
  /** Literals of which the text must hold one for the pattern to be tried (a cheap gate). */
  literal?: string | readonly string[];
  /** For a shape with no telling literal: a cheap test the text must pass first. */
  gate?: RegExp;
  pattern: RegExp;
  /** The pattern's first group is context to keep (a flag, a header name); the second is the credential. */
  keepsLead?: true;
  /** A credential for which this holds is left as it is (a variable, a placeholder, a value of no secret). */
  spare?: (value: string) => boolean;
};

// `$TOKEN`, `${{ secrets.X }}`, `<your-key>`, `{{ .token }}`, `%PASS%`, `****`, `…` (a value left out)
const PLACEHOLDER = /^(?:\$|<|\{\{|%\w+%$|\*+$|…$|\.\.\.$)/;
export const placeholder = (value: string): boolean => PLACEHOLDER.test(value);

// the gate first when there is one: it is one scan, and a list of literals is one scan each
const gated = (shape: Shape, text: string): boolean =>
  (shape.gate === undefined || shape.gate.test(text)) &&
  (shape.literal === undefined ||
    (typeof shape.literal === "string" ? text.includes(shape.literal) : shape.literal.some((l) => text.includes(l))));

/** Every match of the shapes becomes `[redacted:<kind>]` (keeping a lead the shape names). */
export function applyShapes(shapes: readonly Shape[], text: string): string {
  let out = text;
  for (const shape of shapes) {
    if (!gated(shape, out)) continue;
    out = out.replace(shape.pattern, (match: string, lead?: string, value?: string) => {
      const secret = shape.keepsLead ? (value ?? "") : match;
      if (shape.spare?.(secret)) return match;
      return shape.keepsLead ? `${lead}${mark(shape.kind)}` : mark(shape.kind);
    });
  }
  return out;
}
