/** Edit distance, small inputs only (operation names). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Up to `max` names close to `input`: shared prefix/suffix or a small edit distance. */
export function closeMatches(input: string, names: readonly string[], max = 3): string[] {
  const needle = input.trim().toLowerCase();
  if (!needle) return [];
  const [head = "", tail = ""] = needle.split(".");
  return names
    .map((name) => {
      const [nameHead = "", nameTail = ""] = name.split(".");
      let score = distance(needle, name);
      if (head && (nameHead.startsWith(head) || head.startsWith(nameHead))) score -= 2;
      if (tail && nameTail === tail) score -= 2;
      return { name, score };
    })
    .filter((entry) => entry.score <= Math.max(3, Math.floor(needle.length / 2)))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((entry) => entry.name);
}
