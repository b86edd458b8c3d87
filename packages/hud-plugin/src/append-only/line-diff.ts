/** Texts compared as multisets of their non-blank lines: the HUD's lines, in whatever order. */

export const linesOf = (text: string) => text.split("\n").filter((l) => l.trim());

function counts(lines: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
  return map;
}

/** The lines of `from` that are not in `other` (as a multiset), in order. */
export function missing(from: string[], other: string[]): string[] {
  const left = counts(other);
  const out: string[] = [];
  for (const line of from) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else out.push(line);
  }
  return out;
}
