// After a compaction the HUD says, at every density, that older turns can be searched.
import { expect, test } from "bun:test";
import { emptyState, makeContextInfo, renderHud } from "../src/index.ts";
import { bpeTokenizer } from "../src/o200k.ts";

const session = (summary?: string) => ({
  ...emptyState("session"),
  compactions: 2,
  ...(summary ? { compacted: { summary, at: 1 } } : {}),
});

test("a compacted session's HUD names `hud search` at full, compact and minimal density", () => {
  for (const summary of ["We ported the lexer.", undefined]) {
    for (const [percent, density] of [
      [10, "full"],
      [75, "compact"],
      [90, "minimal"],
    ] as const) {
      const context = makeContextInfo({ usedTokens: percent * 1_000, usableTokens: 100_000, history: [] });
      const result = renderHud({ session: session(summary), project: emptyState("project") }, context, {
        tokenizer: bpeTokenizer,
      });
      expect(result.density).toBe(density);
      expect(result.markdown).toContain("`hud search`");
    }
  }
});

test("a session that was never compacted has no pointer", () => {
  const context = makeContextInfo({ usedTokens: 10_000, usableTokens: 100_000, history: [] });
  const result = renderHud({ session: emptyState("session"), project: emptyState("project") }, context, {
    tokenizer: bpeTokenizer,
  });
  expect(result.markdown).not.toContain("hud search");
});
