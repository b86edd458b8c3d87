import type { LineRange } from "./conflicts.ts";

/** Longer than any line the writer produces (a 400-character text, its tag and a 400-character detail). */
export const MAX_LINE = 2_000;

/**
 * Lines the memory file never needs, set aside before the markdown parser sees them: indented lines
 * (nested lists, continuations, indented code) and quotes — an item is one unindented line — and lines
 * longer than MAX_LINE. A markdown parser's time grows fast with nesting and with long runs of open
 * markup, and a repository's file is untrusted input; these lines are kept as written and reported.
 */
export function shallowRanges(lines: readonly string[]): Array<LineRange & { reason: string }> {
  const ranges: Array<LineRange & { reason: string }> = [];
  lines.forEach((line, i) => {
    const reason =
      line.length > MAX_LINE
        ? `longer than ${MAX_LINE} characters`
        : /^[ \t]+\S/.test(line) || /^\s*>/.test(line)
          ? "indented or quoted lines are not read"
          : undefined;
    if (reason) ranges.push({ start: i + 1, end: i + 1, reason });
  });
  return ranges;
}
