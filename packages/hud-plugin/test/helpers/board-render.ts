import type { BoardRender } from "../../src/store/index.ts";

/** A render as the board keeps it: a HUD holding only `task`, with `usedTokens` of a 192k usable window. */
export const shownRender = (task: string, at: number, usedTokens: number, percent: number): BoardRender => ({
  markdown: `### Agent HUD\n\n#### Task\n\n${task}\n`,
  density: "compact",
  tokens: 30,
  omitted: {},
  context: { usedTokens, usableTokens: 192_000, percent, critical: false },
  at,
});
