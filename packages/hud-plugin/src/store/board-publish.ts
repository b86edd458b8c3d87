import { Hud, type ContextInfo, type HudProps, type RenderResult } from "@agent-hud/hud-components";
import { h, resolve } from "@agent-hud/ujsx/core";
import type { HudBoard } from "./board.ts";
import type { Shown, ShownKind } from "./board-shown.ts";

/** Where a render is shown; `redact` is what its copy on the board passes first (the privacy redactor). */
export type ShowTarget = { sessionID: string; projectKey: string; redact: <T>(value: T) => T };

export function shownOf(result: RenderResult, context: ContextInfo, at: number, tree?: Shown["tree"]): Shown {
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
export function treeOf(input: HudProps | undefined): Shown["tree"] {
  if (!input) return undefined;
  try {
    // the render that made the markdown has checked these components already
    const tree = resolve(h(Hud, input), { mode: "production" });
    return tree.type === "root" ? (tree as Shown["tree"]) : { type: "root", children: [tree] };
  } catch {
    return undefined;
  }
}

/** Records a render for the person's views under each of `kinds`, now. */
export function publishShown(
  board: HudBoard,
  target: ShowTarget,
  kinds: readonly ShownKind[],
  result: RenderResult,
  input: HudProps | undefined,
  at: number,
): void {
  board.publish(
    target.sessionID,
    target.projectKey,
    kinds,
    target.redact(shownOf(result, input?.context ?? fallbackContext(result), at, treeOf(input))),
  );
}

/**
 * The same, after the hook or tool returns: the LLM call (or tool reply) never waits for the person's
 * views. The input's state objects are immutable, so the tree still matches the render.
 */
export function publishLater(...args: Parameters<typeof publishShown>): void {
  setTimeout(() => publishShown(...args), 0);
}

function fallbackContext(result: RenderResult): ContextInfo {
  return { usedTokens: 0, usableTokens: 1, percent: 0, trend: [], density: result.density, critical: false };
}
