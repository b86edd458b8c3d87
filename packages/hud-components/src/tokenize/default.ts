import { estimateTokenizer } from "./estimate.ts";
import type { Tokenizer } from "./tokenizer.ts";

// o200k's rank table takes ~0.4 s and ~140 MB to build, so no entry point builds it on import: it is built
// when `@agent-hud/hud-components/o200k` is imported or `loadBpeTokenizer()` resolves, and from then on it
// is the default of every render that names no tokenizer.
let bpe: Tokenizer | undefined;

/** Called once by o200k.ts when it is evaluated. */
export function provideBpeTokenizer(tokenizer: Tokenizer): void {
  bpe = tokenizer;
}

/** The tokenizer of a render that names none: o200k once it has been loaded, else the estimate. */
export function defaultTokenizer(): Tokenizer {
  return bpe ?? estimateTokenizer;
}
