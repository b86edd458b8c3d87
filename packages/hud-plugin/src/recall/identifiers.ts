/**
 * The words inside compound names that the tokenizer keeps whole: `parseRowCursor` → "parse Row Cursor",
 * `HTTPServer2` → "HTTP Server 2". FTS5's unicode61 already splits at `_ / . -`, so only case changes and
 * letter-digit borders are left; the name itself stays in the text as it was.
 */
const BORDER = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
/**
 * A run of letters and digits with a border in its first 64 characters (no longer name is kept), found by
 * the regex engine alone: its start is a run's start (the lookbehind), and the lookahead reads at most 64
 * characters from there, so a long run costs linear time, not the backtracking of a plain `\w*border\w*`.
 * Matching every run and testing it in JS made an array and a string per word (thousands a text) and ran
 * hot enough for the optimizing compilers, whose memory stayed with the host's process.
 */
const COMPOUND_RUN =
  /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]{0,62}?(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|\p{L}\p{N}|\p{N}\p{L}))[\p{L}\p{N}]+/gu;
const NAME_CHARS = 64;

/** The parts of one compound name, or an empty list when it has none. */
export function splitName(name: string): string[] {
  const parts = name.split(BORDER).filter(Boolean);
  return parts.length > 1 ? parts : [];
}

/** The parts of every compound name in a text, once each, space-separated (the index's `terms` column). */
export function nameParts(text: string, max = 4_096): string {
  const seen = new Set<string>();
  COMPOUND_RUN.lastIndex = 0;
  for (let match = COMPOUND_RUN.exec(text); match && seen.size < max; match = COMPOUND_RUN.exec(text))
    if (match[0].length <= NAME_CHARS) seen.add(match[0]);
  const out: string[] = [];
  for (const name of seen) {
    const parts = splitName(name);
    if (parts.length) out.push(parts.join(" "));
  }
  return out.join("\n");
}
