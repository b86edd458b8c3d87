// Display width in terminal cells. East Asian wide/fullwidth characters and emoji take two cells,
// combining marks none; everything else one. Counted per grapheme so a flag or a skin-toned emoji is
// one wide glyph, never split by wrapping.
// Made on first use: building a segmenter loads ICU's break data, which a HUD of plain ASCII never needs.
let segmenter: Intl.Segmenter | undefined;

const WIDE =
  /[\u1100-\u115F\u231A\u231B\u2329\u232A\u23E9-\u23EC\u23F0\u23F3\u25FD\u25FE\u2614\u2615\u2648-\u2653\u267F\u2693\u26A1\u26AA\u26AB\u26BD\u26BE\u26C4\u26C5\u26CE\u26D4\u26EA\u26F2\u26F3\u26F5\u26FA\u26FD\u2705\u270A\u270B\u2728\u274C\u274E\u2753-\u2755\u2757\u2795-\u2797\u27B0\u27BF\u2B1B\u2B1C\u2B50\u2B55\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F000}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
const ZERO = /^[\p{M}\u200B-\u200D\u2060\uFEFF]+$/u;

export function graphemes(text: string): string[] {
  const out: string[] = [];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of segmenter.segment(text)) out.push(segment);
  return out;
}

export function graphemeWidth(grapheme: string): number {
  if (ZERO.test(grapheme)) return 0;
  // ASCII fast path: the common case of agent text
  if (grapheme.length === 1 && grapheme.charCodeAt(0) < 0x1100) return 1;
  return WIDE.test(grapheme) || /\p{Extended_Pictographic}\uFE0F?/u.test(grapheme) ? 2 : 1;
}

export function textWidth(text: string): number {
  // Printable ASCII only: one cell per character
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const g of graphemes(text)) width += graphemeWidth(g);
  return width;
}
