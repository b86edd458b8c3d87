/** Lines git writes around a merge conflict (`|||||||` is the diff3 style's base marker). */
const OPEN = /^<{7}(?:\s|$)/;
const MARKER = /^(?:={7}|\|{7}(?:\s.*)?|>{7}(?:\s.*)?)$/;
const CLOSE = /^>{7}(?:\s|$)/;

export type LineRange = { start: number; end: number };

/**
 * 1-based line ranges of merge conflicts: from `<<<<<<<` to its `>>>>>>>` (or the end of the file when
 * it never closes), and any stray marker line on its own. Nothing inside a conflict is read as an item:
 * which side is right is the person's call.
 */
export function conflictRanges(lines: readonly string[]): LineRange[] {
  const ranges: LineRange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (OPEN.test(line)) {
      let end = i;
      while (end < lines.length - 1 && !CLOSE.test(lines[end]!)) end++;
      ranges.push({ start: i + 1, end: end + 1 });
      i = end;
    } else if (MARKER.test(line)) ranges.push({ start: i + 1, end: i + 1 });
  }
  return ranges;
}
