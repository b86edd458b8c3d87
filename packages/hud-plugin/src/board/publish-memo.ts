import type { BoardRender, BoardRenderKind } from "../store/board-render.ts";

/** A render as the views read it, but for its time (what decides whether anything shown changed). */
export type Shown = Omit<BoardRender, "at">;

/** A render as stored: its fields (before redaction) and its JSON, redacted, around the `at` value. */
export type Written = { shown: Shown; head: string; tail: string };

/** What one session's last publishes left, so the next one redoes only what changed. */
export type SessionMemo = {
  /** The row each kind holds, as this publisher last wrote it, and when. */
  rows: Map<BoardRenderKind, { written: Written; at: number }>;
  /** The last markdown and its redacted copy: the same text redacts the same. */
  markdown?: { text: string; redacted: string };
};

/** Sessions remembered per publisher: a plugin instance serves a few at a time; the oldest is dropped. */
const MEMO_SESSIONS = 32;

/** A bounded map of session memos, least recently published first. */
export class SessionMemos {
  private readonly memos = new Map<string, SessionMemo>();

  get(sessionID: string): SessionMemo {
    let memo = this.memos.get(sessionID);
    if (memo) this.memos.delete(sessionID);
    else memo = { rows: new Map() };
    this.memos.set(sessionID, memo);
    if (this.memos.size > MEMO_SESSIONS) this.memos.delete(this.memos.keys().next().value!);
    return memo;
  }
}

export const jsonAt = (written: Written, at: number) => `${written.head}${JSON.stringify(at)}${written.tail}`;

/** Whether two renders show the same: byte-identical markdown and the same numbers beside it. */
export function sameShown(a: Shown, b: Shown): boolean {
  if (a.markdown !== b.markdown || a.density !== b.density || a.tokens !== b.tokens) return false;
  if (a.compactions !== b.compactions) return false;
  const [x, y] = [a.context, b.context];
  if (x.usedTokens !== y.usedTokens || x.usableTokens !== y.usableTokens) return false;
  if (x.percent !== y.percent || x.critical !== y.critical) return false;
  const keys = Object.keys(a.omitted);
  if (keys.length !== Object.keys(b.omitted).length) return false;
  return keys.every((key) => a.omitted[key] === b.omitted[key]);
}
