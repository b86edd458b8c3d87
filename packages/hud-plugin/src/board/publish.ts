import { Hud, type ContextInfo, type HudProps, type RenderResult } from "@agent-hud/hud-components";
import { h, resolve } from "@agent-hud/ujsx/core";
import type { HudBoard } from "../store/board.ts";
import type { BoardRender, BoardRenderKind } from "../store/board-render.ts";
import { treeJson } from "./publish-tree.ts";
import { jsonAt, sameShown, SessionMemos, type SessionMemo, type Shown, type Written } from "./publish-memo.ts";

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
   * views. The input's state objects are immutable, so the tree still matches the render; its time is now.
   */
  publishLater(...args: Parameters<BoardPublisher["publish"]>): void;
};

type Request = { result: RenderResult; input: HudProps | undefined; at: number };

/**
 * `redact` is what the board's copy passes first (the privacy redactor). A render that shows exactly what the
 * session's rows already hold only moves their time (the views show when the agent last received it); a
 * changed one is redacted and stored, redoing only the parts (markdown, the tree's stable part) that changed.
 * Renders published later within one turn of the event loop are written once, the last for each kind.
 */
export function boardPublisher(
  board: HudBoard,
  projectKey: string,
  redact: <T>(value: T) => T,
  now: () => number,
): BoardPublisher {
  const memos = new SessionMemos();
  const pending = new Map<string, Map<BoardRenderKind, Request>>();
  let scheduled = false;

  const write = (sessionID: string, kinds: readonly BoardRenderKind[], { result, input, at }: Request) => {
    const state = input?.view.session;
    const { at: _, ...shown }: Shown & { at: number } = boardRenderOf(
      result,
      input?.context ?? fallbackContext(result),
      at,
    );
    if (state) shown.compactions = state.compactions + (state.compactingSince === undefined ? 0 : 1);
    const memo = memos.get(sessionID);
    const rows = kinds.map((kind) => ({ kind, row: memo.rows.get(kind) }));
    if (rows.every(({ row }) => row && sameShown(row.written.shown, shown))) {
      const touched = rows.map(({ kind, row }) => ({ kind, since: row!.at, json: jsonAt(row!.written, at) }));
      // another process may have written the rows since: then they are written anew
      if (board.retouch(sessionID, touched, at)) {
        for (const { kind, row } of rows) memo.rows.set(kind, { written: row!.written, at });
        return;
      }
    }
    const written = serialise(memo, shown, result, input, redact);
    if (board.publishJson(sessionID, projectKey, kinds, at, jsonAt(written, at)))
      for (const kind of kinds) memo.rows.set(kind, { written, at });
    else for (const kind of kinds) memo.rows.delete(kind);
  };

  const flush = () => {
    scheduled = false;
    const batch = [...pending];
    pending.clear();
    for (const [sessionID, byKind] of batch) {
      // the kinds one request named are written together, as its own publish would have
      const groups = new Map<Request, BoardRenderKind[]>();
      for (const [kind, request] of byKind) groups.set(request, [...(groups.get(request) ?? []), kind]);
      for (const [request, kinds] of groups) write(sessionID, kinds, request);
    }
  };

  return {
    publish: (sessionID, kinds, result, input) => {
      // a render published now supersedes one of the same kinds still waiting
      for (const kind of kinds) pending.get(sessionID)?.delete(kind);
      write(sessionID, kinds, { result, input, at: now() });
    },
    publishLater: (sessionID, kinds, result, input) => {
      const request = { result, input, at: now() };
      const byKind = pending.get(sessionID) ?? new Map<BoardRenderKind, Request>();
      pending.set(sessionID, byKind);
      for (const kind of kinds) byKind.set(kind, request);
      if (!scheduled) setTimeout(flush, 0);
      scheduled = true;
    },
  };
}

/** The render's stored JSON but for its time: redacted, the markdown and tree redone only where they changed. */
function serialise(
  memo: SessionMemo,
  shown: Shown,
  result: RenderResult,
  input: HudProps | undefined,
  redact: <T>(value: T) => T,
): Written {
  if (memo.markdown?.text !== shown.markdown)
    memo.markdown = { text: shown.markdown, redacted: redact(shown.markdown) };
  if (!(memo.tree?.markdown === shown.markdown && (memo.tree.json !== undefined || !input))) {
    const tree = input && treeJson(input, result, memo.stable, redact);
    memo.stable = tree?.stable;
    memo.tree = { markdown: shown.markdown, json: tree?.json };
  }
  // every other string passes the redactor too, so a field added later cannot reach the disk unredacted
  const rest = JSON.stringify({ ...redact({ ...shown, markdown: "" }), markdown: memo.markdown.redacted });
  const tree = memo.tree.json === undefined ? "" : `,"tree":${memo.tree.json}`;
  return { shown, head: `${rest.slice(0, -1)},"at":`, tail: `${tree}}` };
}

function fallbackContext(result: RenderResult): ContextInfo {
  return { usedTokens: 0, usableTokens: 1, percent: 0, trend: [], density: result.density, critical: false };
}
