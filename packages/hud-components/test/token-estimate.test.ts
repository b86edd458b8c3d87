// The default count's error bound, held on a corpus of HUDs, prose and code: a HUD fitted to its budget with
// the estimate is over it by at most ESTIMATE_MARGIN in o200k tokens and in a Claude tokenizer's tokens.
import { describe, expect, test } from "bun:test";
import { defaultBudgets, densities, ESTIMATE_MARGIN, estimateTokenizer, renderHud } from "../src/index.ts";
import { contextAt } from "../src/internal.ts";
import { bpeTokenizer } from "../src/o200k.ts";
import { referenceView, usageFor } from "../src/testing/index.ts";
import { claudeCounter, tokenCorpus } from "./support/token-corpus.ts";

const references = { o200k: (t: string) => bpeTokenizer.count(t), claude: claudeCounter() };
const corpus = tokenCorpus(estimateTokenizer);

describe("the estimate's error bound", () => {
  test("the corpus holds HUDs at every density, prose and code", () => {
    expect(new Set(corpus.map((s) => s.kind))).toEqual(new Set(["hud", "prose", "code"]));
    expect(corpus.filter((s) => s.kind === "hud").length).toBe(12);
  });

  for (const [name, count] of Object.entries(references)) {
    test(`no sample counts more than ${ESTIMATE_MARGIN * 100}% over the estimate in ${name} tokens`, () => {
      const over = corpus
        .map((s) => ({ name: s.name, ratio: count(s.text) / estimateTokenizer.count(s.text) }))
        .filter((s) => s.ratio > 1 + ESTIMATE_MARGIN);
      expect(over).toEqual([]);
    });

    test(`a HUD is not wasted: its ${name} count is at least 80% of the estimate`, () => {
      for (const s of corpus.filter((x) => x.kind === "hud"))
        expect({ name: s.name, ok: count(s.text) >= 0.8 * estimateTokenizer.count(s.text) }).toEqual({
          name: s.name,
          ok: true,
        });
    });

    test(`the reference state fitted with the estimate stays within its budget plus the margin in ${name} tokens`, () => {
      for (const density of densities) {
        for (const budget of [defaultBudgets[density], defaultBudgets[density] / 2]) {
          const context = contextAt(usageFor[density]);
          context.density = density;
          const { markdown } = renderHud(referenceView(), context, {
            tokenizer: estimateTokenizer,
            budgets: { [density]: budget },
          });
          expect({ density, budget, within: count(markdown) <= budget * (1 + ESTIMATE_MARGIN) }).toEqual({
            density,
            budget,
            within: true,
          });
        }
      }
    });
  }

  test("summed part counts are never below the count of the whole HUD (the fitter may sum them)", () => {
    for (const density of densities) {
      const context = contextAt(usageFor[density]);
      context.density = density;
      const result = renderHud(referenceView(), context, { tokenizer: estimateTokenizer });
      expect(result.tokens).toBeGreaterThanOrEqual(estimateTokenizer.count(result.markdown));
    }
  });
});
