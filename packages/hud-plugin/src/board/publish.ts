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

/**
 * `redact` is what the board's copy passes first (the privacy redactor); `privacy` the settings it was made
 * from, part of the copy's key: without them every publish builds the copy anew.
 */
export function boardPublisher(
  board: HudBoard,
  projectKey: string,
  redact: <T>(value: T) => T,
  now: () => number,
  privacy?: unknown,
): BoardPublisher {
  const publish: BoardPublisher["publish"] = (sessionID, kinds, result, input) => {
    const state = input?.view.session;
    const compactions = state ? state.compactions + (state.compactingSince === undefined ? 0 : 1) : undefined;
    const key = privacy === undefined ? undefined : copyKey(result, input, compactions, privacy);
    const at = now();
    // the same copy the views hold (a cold hook after the server's render of the same state): its tree and
    // redaction (most of a cold process's publish) are not built again, only its time moves
    if (key !== undefined && board.refresh(sessionID, projectKey, kinds, key, at)) return;
    const shown = boardRenderOf(result, input?.context ?? fallbackContext(result), at, treeOf(input));
    if (compactions !== undefined) shown.compactions = compactions;
    // the key after the redaction: a hash the redactor took for a secret would never match again
    board.publish(sessionID, projectKey, kinds, { ...redact(shown), ...(key === undefined ? {} : { key }) });
  };
  return { publish, publishLater: (...args) => void setTimeout(() => publish(...args), 0) };
}

function fallbackContext(result: RenderResult): ContextInfo {
  return { usedTokens: 0, usableTokens: 1, percent: 0, trend: [], density: result.density, critical: false };
}

/**
 * Everything the board's copy is built from but the clock: the render's fields, the tree's input (the states,
 * the context, the options but `now`, which reaches the tree only through the staleness the markdown shows),
 * and the redaction's settings. Undefined when the input cannot be serialised: the copy is then built.
 */
export function copyKey(
  result: RenderResult,
  input: HudProps | undefined,
  compactions: number | undefined,
  privacy: unknown,
): string | undefined {
  try {
    const { markdown, density, tokens, omitted } = result;
    const options = input?.options && { ...input.options, now: undefined, tokenizer: input.options.tokenizer?.name };
    const parts = [markdown, density, tokens, omitted, compactions, privacy, input?.view, input?.context, options];
    return Bun.hash(JSON.stringify(parts)).toString(36);
  } catch {
    return undefined;
  }
}
