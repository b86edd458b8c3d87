import { expect, test } from "bun:test";
import { makeContextInfo, renderHud, type Tokenizer } from "../src/index.ts";
import { clearRenderMemo } from "../src/internal.ts";
import { referenceView } from "../src/testing/index.ts";

// An upper-bound tokenizer's sum of part counts already proves a layout fits; the whole text is counted
// once, for the layout kept, not after every ladder step (the scratch render's biggest count cost).
test("an upper-bound tokenizer counts the whole HUD text once per fit, and the result still fits", () => {
  const title = "### Agent HUD\n";
  const wholeTexts: string[] = [];
  const tokenizer: Tokenizer = {
    name: "spy-bound",
    upperBound: true,
    count: (text) => {
      if (text.startsWith(title) && text.length > title.length + 1) wholeTexts.push(text);
      return Math.ceil(text.length / 4);
    },
  };
  clearRenderMemo();
  const context = makeContextInfo({ usedTokens: 150_000, usableTokens: 200_000, history: [72, 73, 74] });
  const result = renderHud(referenceView(), context, { tokenizer, budgets: { compact: 250 } });
  const counted = [...wholeTexts].sort();
  expect(result.density).toBe("compact");
  expect(Object.keys(result.omitted).length).toBeGreaterThan(0); // the ladder ran
  expect(result.tokens).toBeLessThanOrEqual(250);
  expect(tokenizer.count(result.markdown)).toBeLessThanOrEqual(result.tokens);
  // the kept stable text, once as is and once with the separator after it
  expect(counted).toEqual([result.stable, `${result.stable}\n`].sort());
});
