import type { ContextInfo, RenderResult } from "@agent-hud/hud-components";
import type { HudBoard } from "./board.ts";
import type { Shown, ShownKind } from "./shown.ts";

export function shownOf(result: RenderResult, context: ContextInfo, at: number): Shown {
  return {
    markdown: result.markdown,
    density: result.density,
    tokens: result.tokens,
    omitted: result.omitted,
    context: {
      usedTokens: context.usedTokens,
      usableTokens: context.usableTokens,
      percent: context.percent,
      critical: context.critical,
    },
    at,
  };
}

/** Records a render for the person's views under each of `kinds`. */
export function publishShown(
  board: HudBoard,
  target: { sessionID: string; projectKey: string },
  kinds: readonly ShownKind[],
  result: RenderResult,
  context: ContextInfo,
  at: number,
): void {
  const shown = shownOf(result, context, at);
  for (const kind of kinds) board.publish(target.sessionID, target.projectKey, kind, shown);
}
