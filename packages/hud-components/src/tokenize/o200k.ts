import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { provideBpeTokenizer } from "./default.ts";
import type { Tokenizer } from "./tokenizer.ts";

const plainText = { disallowedSpecial: new Set<string>() };

/**
 * o200k BPE (GPT-4o family). Its pre-tokenizer never lets a chunk cross a "\n" followed by a non-space,
 * non-"/" character, which is exactly how HUD parts are joined, so part counts add up exactly.
 * Importing this module builds the 200k-entry rank table (~0.4 s, ~140 MB): a host that cares about its
 * start loads it through `loadBpeTokenizer()` or `lazyTokenizer()` instead.
 */
export const bpeTokenizer: Tokenizer = {
  name: "o200k_base",
  // Agent text may contain strings like "<|endoftext|>": count them as plain text instead of throwing.
  count: (text) => (text ? countTokens(text, plainText) : 0),
  additive: true,
};

// from now on a render that names no tokenizer counts with this one
provideBpeTokenizer(bpeTokenizer);
