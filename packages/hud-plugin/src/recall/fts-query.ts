import { splitName } from "./identifiers.ts";
import { STOP_WORDS } from "./stop-words.ts";

/** At most this many words reach SQLite: a 10 KB query costs no more than a sentence. */
const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 64;
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
const QUOTED = /"([^"]*)"/g;

/**
 * A query as FTS5 reads it: `match` any of its `parts`, each part one FTS5 expression. `words` gives each
 * part as lowercase word lists, one per way it may match (a compound name: whole, or its parts in a row).
 */
export type FtsQuery = { match: string; parts: string[]; words: string[][][] };

const words = (text: string) =>
  (text.replace(/['’]/g, "").match(WORD) ?? []).map((w) => w.slice(0, MAX_TERM_LENGTH).replace(/_/g, " "));

/**
 * Turns what the agent typed into FTS5 parts that SQLite reads as data only: every word is inside a
 * double-quoted string (the only FTS5 syntax written), so NEAR, *, -, ^, : and parentheses are plain text.
 * - a chunk of several words joined by punctuation (`FACT-42`, `apps/api/x.ts`, `SQLITE_BUSY`) is a phrase;
 * - text the agent put in double quotes is a phrase too;
 * - a compound name (`parseRowCursor`) matches whole or as its parts in a row;
 * - stop words are dropped unless quoted or nothing else is left.
 * Any part may match (bm25 and the count of parts matched rank them). Undefined when the query holds no word.
 */
export function ftsQuery(query: string): FtsQuery | undefined {
  const phrases: Array<{ list: string[]; quoted: boolean }> = [];
  const rest = query.replace(QUOTED, (_, inner: string) => {
    phrases.push({ list: words(inner).flatMap((w) => w.split(" ").filter(Boolean)), quoted: true });
    return " ";
  });
  for (const chunk of rest.split(/\s+/))
    phrases.push({ list: words(chunk).flatMap((w) => w.split(" ").filter(Boolean)), quoted: false });
  const parts: string[] = [];
  const partWords: string[][][] = [];
  const stops: string[] = [];
  const stopWords: string[][][] = [];
  const seen = new Set<string>();
  let terms = 0;
  for (const phrase of phrases) {
    const list = phrase.list.slice(0, MAX_TERMS - terms);
    if (!list.length) continue;
    terms += list.length;
    const key = list.join(" ").toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // a word holds no double quote (WORD excludes it), so quoting needs no escaping
    const quoted = `"${list.join(" ")}"`;
    const split = list.length === 1 ? splitName(list[0]!) : [];
    const lower = (ws: string[]) => ws.map((w) => w.toLowerCase());
    if (list.length === 1 && !phrase.quoted && STOP_WORDS.has(key)) {
      stops.push(quoted);
      stopWords.push([lower(list)]);
    } else {
      parts.push(split.length ? `(${quoted} OR "${split.join(" ")}")` : quoted);
      partWords.push(split.length ? [lower(list), lower(split)] : [lower(list)]);
    }
    if (terms >= MAX_TERMS) break;
  }
  const [chosen, chosenWords] = parts.length ? [parts, partWords] : [stops, stopWords];
  return chosen.length ? { match: chosen.join(" OR "), parts: chosen, words: chosenWords } : undefined;
}
