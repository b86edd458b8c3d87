import type { Tokenizer } from "./tokenizer.ts";

// o200k's rank table takes ~0.4 s and ~140 MB to build, so no entry point builds it on import: it is built
// when `@agent-hud/hud-components/o200k` is imported or `loadBpeTokenizer()` resolves, and from then on it
// is the default of every render that names no tokenizer.
let bpe: Tokenizer | undefined;

/** Called once by o200k.ts when it is evaluated. */
export function provideBpeTokenizer(tokenizer: Tokenizer): void {
  bpe = tokenizer;
}

/** The tokenizer of a render that names none: o200k, which must have been loaded. */
export function defaultTokenizer(): Tokenizer {
  if (bpe) return bpe;
  throw new Error(
    'hud-components: no tokenizer given and o200k not loaded; pass options.tokenizer, import { bpeTokenizer } from "@agent-hud/hud-components/o200k", or await loadBpeTokenizer() first',
  );
}
