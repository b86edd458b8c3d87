import { Hud, type ContextInfo, type HudProps, type RenderResult } from "@agent-hud/hud-components";
import { h, resolve } from "@agent-hud/ujsx/core";
import type { HudBoard } from "../store/board.ts";
import type { BoardRender, BoardRenderKind } from "../store/board-render.ts";

export function boardRenderOf(
  result: RenderResult,
  context: ContextInfo,
  at: number,
  tree?: BoardRender["tree"],
): BoardRender {
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
    ...(tree ? { tree } : {}),
  };
}

/**
 * The `<Hud>` tree of a render's input: the same components and budget fit that produced its markdown
 * (the fitted layout is memoised, so this re-walks the components, not the budget search). Undefined
 * when it cannot be built; the views then read the markdown back instead.
 */
export function treeOf(input: HudProps | undefined): BoardRender["tree"] {
  if (!input) return undefined;
  try {
    // the package's own components over a validated state; a custom section's nodes were checked when it rendered
    const tree = resolve(h(Hud, input), { mode: "trusted" });
    return tree.type === "root" ? (tree as BoardRender["tree"]) : { type: "root", children: [tree] };
  } catch {
    return undefined;
  }
}

/**
 * The one way a render reaches the person's views: laid out here (its `<Hud>` tree), redacted, then stored
 * on the board. Built once per plugin instance (and once per person's editor) with what every publish of
 * the project shares, so a caller names only the session, which records it replaces, and the render.
 */
export type BoardPublisher = {
  /** Records the render under each of `kinds`, now. */
  publish(
    sessionID: string,
    kinds: readonly BoardRenderKind[],
    result: RenderResult,
    input: HudProps | undefined,
  ): void;
  /**
   * The same, after the hook or tool returns: the LLM call (or tool reply) never waits for the person's
   * views. The input's state objects are immutable, so the tree still matches the render.
   */
  publishLater(...args: Parameters<BoardPublisher["publish"]>): void;
};

/** `redact` is what the board's copy passes first (the privacy redactor). */
export function boardPublisher(
  board: HudBoard,
  projectKey: string,
  redact: <T>(value: T) => T,
  now: () => number,
): BoardPublisher {
  const publish: BoardPublisher["publish"] = (sessionID, kinds, result, input) => {
    const context = input?.context ?? fallbackContext(result);
    const shown = boardRenderOf(result, context, now(), treeOf(input));
    const state = input?.view.session;
    if (state) shown.compactions = state.compactions + (state.compactingSince === undefined ? 0 : 1);
    board.publish(sessionID, projectKey, kinds, redact(shown));
  };
  return { publish, publishLater: (...args) => void setTimeout(() => publish(...args), 0) };
}

function fallbackContext(result: RenderResult): ContextInfo {
  return { usedTokens: 0, usableTokens: 1, percent: 0, trend: [], density: result.density, critical: false };
}
