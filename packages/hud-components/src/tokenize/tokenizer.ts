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
}

/** Dependency-free estimate: ceil(chars / 4). The sum over parts is never below the count of the whole. */
export const charsTokenizer: Tokenizer = {
  name: "chars/4",
  count: (text) => Math.ceil(text.length / 4),
  upperBound: true,
};
