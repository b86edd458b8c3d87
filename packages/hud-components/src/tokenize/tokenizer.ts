export interface Tokenizer {
  name: string;
  count(text: string): number;
  /**
   * True when count(a + b) === count(a) + count(b) for the HUD's block joins (each part ends in "\n" and the
   * next starts with a non-space character). The fitter then sums cached part counts instead of re-counting
   * the whole HUD; without it, the fitter re-counts the final text and trims further if needed.
   */
  additive?: boolean;
  /** True when summed part counts can only over-estimate the whole (safe for budgets, maybe not exact). */
  upperBound?: boolean;
  /**
   * The count of `text + "\n"` from `count`, the text's own, when the tokenizer can tell it without counting
   * again; undefined when it cannot (the text is then counted). Asked for each part that ends a block.
   */
  countWithNewline?(text: string, count: number): number | undefined;
}

/** Dependency-free estimate: ceil(chars / 4). The sum over parts is never below the count of the whole. */
export const charsTokenizer: Tokenizer = {
  name: "chars/4",
  count: (text) => Math.ceil(text.length / 4),
  upperBound: true,
};
