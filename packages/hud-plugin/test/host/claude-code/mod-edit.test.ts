// `/hud-edit` in Claude Code: the typed line becomes one hud call, recorded as the person's.
import { describe, expect, test } from "bun:test";
import { applyEdit, EDIT_USAGE, parseEdit } from "../../../src/host/claude-code/mod-edit.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { claudeSession } from "./fixture.ts";

describe("/hud-edit", () => {
  test("a line is an operation with its text, its id or its JSON args", () => {
    expect(parseEdit("notes.add the WAL stays on")).toEqual({
      tool: "notes.add",
      args: { content: "the WAL stays on" },
    });
    expect(parseEdit("task.set  Ship it ")).toEqual({ tool: "task.set", args: { description: "Ship it" } });
    expect(parseEdit("steps.complete s2")).toEqual({ tool: "steps.complete", args: { id: "s2" } });
    expect(parseEdit('notes.update {"id":"n1","content":"x"}')).toEqual({
      tool: "notes.update",
      args: { id: "n1", content: "x" },
    });
    expect(parseEdit("snapshot")).toEqual({ tool: "snapshot" });
  });

  test("nothing, a missing text or broken JSON is one line (or the usage), no call", () => {
    expect(parseEdit("")).toBe(EDIT_USAGE);
    for (const line of ["notes.add", "notes.remove", 'notes.update {"id":', "notes.update n1"]) {
      const answer = parseEdit(line);
      expect(typeof answer).toBe("string");
      expect(String(answer).split("\n")).toHaveLength(1);
    }
  });

  test("an edit is recorded as the person's and a bad one changes nothing", async () => {
    const s = claudeSession();
    const opened = openHud({ directory: s.project, worktree: s.project, log: createLogger(undefined, () => {}) })!;
    try {
      const added = await applyEdit(opened.deps, s.sessionID, "notes.add quote every field");
      expect(added.ok).toBe(true);
      const session = opened.deps.runtime.session(s.sessionID);
      const note = opened.deps.runtime.view(session).session.notes.at(-1)!;
      expect(note.content).toBe("quote every field");
      const history = await applyEdit(opened.deps, s.sessionID, "history");
      expect(history.text).toContain("person");
      const before = opened.deps.runtime.view(session).session;
      const bad = await applyEdit(opened.deps, s.sessionID, "notes.remove n999");
      expect(bad.ok).toBe(false);
      expect(opened.deps.runtime.view(session).session).toEqual(before);
    } finally {
      opened.dispose();
    }
  });
});
