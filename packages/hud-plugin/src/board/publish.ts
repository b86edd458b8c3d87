import type { ContextInfo, HudProps, RenderResult } from "@agent-hud/hud-components";
import type { HudBoard } from "../store/board.ts";
import type { BoardRender, BoardRenderKind } from "../store/board-render.ts";
import { jsonAt, sameShown, SessionMemos, type SessionMemo, type Shown, type Written } from "./publish-memo.ts";

export function boardRenderOf(result: RenderResult, context: ContextInfo, at: number): BoardRender {
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

/**
 * The one way a render reaches the person's views: its markdown and the numbers beside it, redacted, then
 * stored on the board (a terminal lays the markdown out again, read back into UJSX). Built once per plugin
 * instance (and once per person's editor) with what every publish of the project shares, so a caller names
 * only the session, which records it replaces, and the render.
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
   * views. Its time is now.
   */
  publishLater(...args: Parameters<BoardPublisher["publish"]>): void;
};

type Request = { result: RenderResult; input: HudProps | undefined; at: number };

/**
 * `redact` is what the board's copy passes first (the privacy redactor). A render that shows exactly what the
 * session's rows already hold only moves their time (the views show when the agent last received it); a
 * changed one is redacted and stored, the redacted markdown reused while it is the same.
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
    const written = serialise(memo, shown, redact);
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

/** The render's stored JSON but for its time: redacted, the markdown redone only when it changed. */
function serialise(memo: SessionMemo, shown: Shown, redact: <T>(value: T) => T): Written {
  if (memo.markdown?.text !== shown.markdown)
    memo.markdown = { text: shown.markdown, redacted: redact(shown.markdown) };
  // every other string passes the redactor too, so a field added later cannot reach the disk unredacted
  const rest = JSON.stringify({ ...redact({ ...shown, markdown: "" }), markdown: memo.markdown.redacted });
  return { shown, head: `${rest.slice(0, -1)},"at":`, tail: "}" };
}

function fallbackContext(result: RenderResult): ContextInfo {
  return { usedTokens: 0, usableTokens: 1, percent: 0, trend: [], density: result.density, critical: false };
}
