import { stemmer } from "stemmer";

/** Letters, digits and marks, as FTS5's unicode61 tokenizer reads a word. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * How many of a query's parts a text holds, counted the way the index matched them: words compared by
 * their Porter stems (the index's tokenizer is `porter unicode61`), a part held when every word of one of
 * its ways to match is in the text. A rerank signal over a few dozen candidates, so one pass per text;
 * only words that start like a wanted stem are stemmed.
 */
export function coveredParts(text: string, parts: string[][][], cache: Map<string, string>): number {
  const wanted = new Set<string>();
  for (const ways of parts) for (const way of ways) for (const word of way) wanted.add(stem(word, cache));
  const heads = new Set([...wanted].map((s) => s.slice(0, 2)));
  const present = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    if (!heads.has(word.slice(0, 2))) continue;
    const s = stem(word, cache);
    if (wanted.has(s)) present.add(s);
  }
  let covered = 0;
  for (const ways of parts) if (ways.some((way) => way.every((word) => present.has(stem(word, cache))))) covered++;
  return covered;
}

function stem(word: string, cache: Map<string, string>): string {
  let s = cache.get(word);
  if (s === undefined) {
    s = stemmer(word);
    cache.set(word, s);
  }
  return s;
}
