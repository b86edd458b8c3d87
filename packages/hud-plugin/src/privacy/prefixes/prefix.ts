/**
 * A vendor's token: a fixed prefix, then a body of one alphabet. Found wherever it stands in a run of
 * token characters (glued to the text before it too), unless `bounded`: a prefix so short or so common
 * (`SK`, `s.`) that only a word boundary before it makes it telling.
 */
export type Prefix = {
  kind: string;
  prefix: string;
  /** A character class's contents (`A-Za-z0-9`), the body's alphabet. */
  body: string;
  /** Fewest body characters; the mark takes the whole run of token characters after the prefix. */
  min: number;
  bounded?: true;
};

export const ALNUM = "A-Za-z0-9";
export const WORD = "\\w-";
export const HEX = "a-fA-F0-9";
export const LOWER = "a-z0-9";
export const UPPER = "A-Z0-9";
export const B64 = "A-Za-z0-9+/";
export const DOTTED = "\\w.=-";

/** Several prefixes of one kind and body. */
export const each = (kind: string, prefixes: readonly string[], body: string, min: number, bounded?: true): Prefix[] =>
  prefixes.map((prefix) => ({ kind, prefix, body, min, ...(bounded ? { bounded } : {}) }));
