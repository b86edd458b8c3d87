/** At most this many words reach SQLite: a 10 KB query costs no more than a sentence. */
const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 64;
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;

/**
 * Turns what the agent typed into an FTS5 MATCH expression that SQLite reads as data only: every word is
 * a double-quoted string (the only FTS5 syntax left), so quotes, NEAR, *, -, ^, : and parentheses in
 * the query are plain text. Each whitespace-separated chunk becomes one phrase ("FACT-42" matches the
 * adjacent words fact 42). `mode: "all"` needs every chunk, `"any"` one of them (the fallback when
 * nothing has them all). Undefined when the query holds no word at all.
 */
export function ftsQuery(query: string, mode: "all" | "any" = "all"): string | undefined {
  const phrases: string[] = [];
  let terms = 0;
  for (const chunk of query.split(/\s+/)) {
    const words = (chunk.match(WORD) ?? []).map((w) => w.slice(0, MAX_TERM_LENGTH)).slice(0, MAX_TERMS - terms);
    if (words.length === 0) continue;
    terms += words.length;
    // a word holds no double quote (WORD excludes it), so quoting needs no escaping
    phrases.push(`"${words.join(" ")}"`);
    if (terms >= MAX_TERMS) break;
  }
  if (phrases.length === 0) return undefined;
  return phrases.join(mode === "all" ? " AND " : " OR ");
}
