import { stemmer } from "stemmer";

/** A letter, digit or mark: what FTS5's unicode61 tokenizer keeps inside a word. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/**
 * How many of a query's parts a text holds, counted the way the index matched them: words compared by
 * their Porter stems (the index's tokenizer is `porter unicode61`), a part held when every word of one of
 * its ways to match is in the text. A rerank signal over a few dozen candidates: each wanted stem is found
 * with `indexOf` on its opening letters (a Porter stem changes at most a word's last two letters before
 * it), and only the words found there are stemmed.
 */
export function coveredParts(text: string, parts: string[][][], cache: Map<string, string>): number {
  let covered = 0;
  for (let mask = coveredMask(text, parts, cache); mask; mask &= mask - 1) covered++;
  return covered;
}

/** Which of the query's parts (at most 16, see fts-query.ts) a text holds: bit i for part i. */
export function coveredMask(text: string, parts: string[][][], cache: Map<string, string>): number {
  const lower = text.toLowerCase();
  const present = new Map<string, boolean>();
  const has = (word: string) => {
    const wanted = stem(word, cache);
    let found = present.get(wanted);
    if (found === undefined) present.set(wanted, (found = holds(lower, wanted, cache)));
    return found;
  };
  let mask = 0;
  parts.forEach((ways, i) => {
    if (ways.some((way) => way.every(has))) mask |= 1 << i;
  });
  return mask;
}

function holds(lower: string, wanted: string, cache: Map<string, string>): boolean {
  // an empty opening is found everywhere, and the loop below would never end
  if (!wanted) return false;
  const opening = wanted.length > 4 ? wanted.slice(0, -2) : wanted.slice(0, Math.max(1, wanted.length - 1));
  for (let at = lower.indexOf(opening); at >= 0; at = lower.indexOf(opening, at + 1)) {
    if (at > 0 && WORD_CHAR.test(lower[at - 1]!)) continue;
    let end = at + opening.length;
    while (end < lower.length && WORD_CHAR.test(lower[end]!)) end++;
    if (stem(lower.slice(at, end), cache) === wanted) return true;
  }
  return false;
}

function stem(word: string, cache: Map<string, string>): string {
  let s = cache.get(word);
  if (s === undefined) {
    s = stemmer(word);
    cache.set(word, s);
  }
  return s;
}
