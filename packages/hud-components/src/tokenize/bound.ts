import type { Tokenizer } from "./tokenizer.ts";

/** UTF-8 length without TextEncoder (not in the pure ES lib); a lone surrogate counts as U+FFFD, 3 bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * UTF-8 byte length: a proven upper bound of any byte-level BPE count (o200k included), because every
 * token stands for at least one byte of the text. Costs nothing to load, so a HUD that fits its budget by
 * this count fits it by the real one too, and no rank table is needed to know it.
 */
export const utf8BoundTokenizer: Tokenizer = {
  name: "utf8-bytes",
  count: utf8Length,
  // Byte lengths add up exactly whenever the join does not split a surrogate pair, and HUD parts end in "\n".
  additive: true,
  upperBound: true,
};
