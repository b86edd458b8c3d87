/**
 * The words inside compound names that the tokenizer keeps whole: `parseRowCursor` → "parse Row Cursor",
 * `HTTPServer2` → "HTTP Server 2". FTS5's unicode61 already splits at `_ / . -`, so only case changes and
 * letter-digit borders are left; the name itself stays in the text as it was.
 */
const COMPOUND = /[\p{L}\p{N}]*(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|\p{L}\p{N}|\p{N}\p{L})[\p{L}\p{N}]*/gu;
const BORDER = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** The parts of one compound name, or an empty list when it has none. */
export function splitName(name: string): string[] {
  const parts = name.split(BORDER).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/** The parts of every compound name in a text, once each, space-separated (the index's `terms` column). */
export function nameParts(text: string, max = 4_096): string {
  const seen = new Set<string>();
  for (const match of text.matchAll(COMPOUND)) {
    if (seen.size >= max) break;
    if (match[0].length <= 64) seen.add(match[0]);
  }
  const out: string[] = [];
  for (const name of seen) {
    const parts = splitName(name);
    if (parts.length) out.push(parts.join(" "));
  }
  return out.join("\n");
}
