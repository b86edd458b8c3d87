/**
 * The words inside compound names that the tokenizer keeps whole: `parseRowCursor` → "parse Row Cursor",
 * `HTTPServer2` → "HTTP Server 2". FTS5's unicode61 already splits at `_ / . -`, so only case changes and
 * letter-digit borders are left; the name itself stays in the text as it was.
 */
// a run of letters and digits first, then the test: one regex doing both backtracks badly on long runs
const RUN = /[\p{L}\p{N}]+/gu;
const COMPOUND = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|\p{L}\p{N}|\p{N}\p{L}/u;
const BORDER = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/** The parts of one compound name, or an empty list when it has none. */
export function splitName(name: string): string[] {
  const parts = name.split(BORDER).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/** The parts of every compound name in a text, once each, space-separated (the index's `terms` column). */
export function nameParts(text: string, max = 4_096): string {
  const seen = new Set<string>();
  for (const [run] of text.matchAll(RUN)) {
    if (seen.size >= max) break;
    if (run.length <= 64 && COMPOUND.test(run)) seen.add(run);
  }
  const out: string[] = [];
  for (const name of seen) {
    const parts = splitName(name);
    if (parts.length) out.push(parts.join(" "));
  }
  return out.join("\n");
}
