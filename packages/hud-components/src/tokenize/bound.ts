import type { Tokenizer } from "./tokenizer.ts";

const utf8 = new TextEncoder();

/**
 * UTF-8 byte length: a proven upper bound of any byte-level BPE count (o200k included), because every
 * token stands for at least one byte of the text. Costs nothing to load, so a HUD that fits its budget by
 * this count fits it by the real one too, and no rank table is needed to know it.
 */
export const utf8BoundTokenizer: Tokenizer = {
  name: "utf8-bytes",
  count: (text) => (text ? utf8.encode(text).length : 0),
  // Byte lengths add up exactly whenever the join does not split a surrogate pair, and HUD parts end in "\n".
  additive: true,
  upperBound: true,
};
