// Deleted means deleted: when opencode deletes a session, its HUD stream, its session row, the person's
// copies of its HUD (board) and its indexed texts all go; other sessions keep everything.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { workspace, type Workspace } from "../project/support.ts";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

/** Rows of one session in each table that can hold it, read from the files as another process would. */
function rowsOf(sessionID: string) {
  const hud = new Database(join(ws.storageDir, "hud.db"), { readonly: true });
  const recall = new Database(join(ws.storageDir, "recall.db"), { readonly: true });
  try {
    const n = (db: Database, sql: string, value: string) => (db.query(sql).get(value) as { n: number }).n;
    return {
      events: n(hud, "SELECT count(*) AS n FROM events WHERE stream = ?", `session:${sessionID}`),
      sessions: n(hud, "SELECT count(*) AS n FROM sessions WHERE session_id = ?", sessionID),
      shown: n(hud, "SELECT count(*) AS n FROM hud_shown WHERE session_id = ?", sessionID),
      switch: n(hud, "SELECT count(*) AS n FROM hud_switch WHERE session_id = ?", sessionID),
      indexed: n(recall, "SELECT count(*) AS n FROM docs WHERE session = ?", sessionID),
    };
  } finally {
    hud.close();
    recall.close();
  }
}

test("session.deleted removes the session's stream, row, board copies and index entries; the other session keeps its own", async () => {
  const oc = await ws.instance("repo");
  for (const id of ["ses_gone", "ses_kept"]) {
    await oc.hud(id, "notes.add", { content: `note of ${id}` });
    await oc.hudOf(id);
    await oc.event("message.updated", { info: { id: `msg_${id}`, sessionID: id, role: "user", time: { created: 1 } } });
    await oc.event("message.part.updated", {
      part: { id: `prt_${id}`, sessionID: id, messageID: `msg_${id}`, type: "text", text: `words of ${id}` },
    });
  }
  // the person switched the HUD off for the session: a board row of its own
  await oc.hud("ses_gone", "search", { query: "words" });
  const { HudBoard } = await import("../../src/store/index.ts");
  const board = HudBoard.open(ws.storageDir);
  board.setOff("ses_gone", true, 1);
  board.close();
  const before = rowsOf("ses_gone");
  // every table really held the session (a check on empty tables would pass vacuously)
  expect(Object.values(before).every((n) => n > 0)).toBe(true);

  await oc.event("session.deleted", { info: { id: "ses_gone" } });

  expect(rowsOf("ses_gone")).toEqual({ events: 0, sessions: 0, shown: 0, switch: 0, indexed: 0 });
  const kept = rowsOf("ses_kept");
  expect([kept.events, kept.sessions, kept.shown, kept.indexed].every((n) => n > 0)).toBe(true);
});
