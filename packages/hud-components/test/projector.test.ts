import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { applyEvent, emptyState, HudState, replay, type HudEvent } from "../src/index.ts";

const at = 1_700_000_000_000;

describe("projector: ids and sections", () => {
  test("creation events get short ids from counters in log order", () => {
    const s = replay("session", [
      { kind: "note.add", at, content: "a" },
      { kind: "note.add", at, content: "b" },
      { kind: "decision.record", at, summary: "use JWT", details: "stateless" },
      { kind: "step.add", at, description: "write tests" },
      { kind: "blocker.add", at, description: "CI red" },
      { kind: "task.set", at, description: "auth module" },
    ]);
    expect(s.notes.map((n) => n.id)).toEqual(["n1", "n2"]);
    expect(s.decisions[0]).toMatchObject({ id: "d1", summary: "use JWT", details: "stateless" });
    expect(s.steps[0]).toMatchObject({ id: "s1", done: false });
    expect(s.blockers[0]?.id).toBe("b1");
    expect(s.task).toMatchObject({ id: "t", description: "auth module" });
    expect(Value.Check(HudState, s)).toBe(true);
  });

  test("project scope prefixes ids with p; conventions and key files use c and k", () => {
    const s = replay("project", [
      { kind: "note.add", at, content: "x" },
      { kind: "decision.record", at, summary: "y" },
      { kind: "step.add", at, description: "z" },
      { kind: "convention.add", at, content: "bun test" },
      { kind: "keyfile.add", at, path: "src/index.ts", note: "entry" },
    ]);
    expect([s.notes[0]?.id, s.decisions[0]?.id, s.steps[0]?.id, s.conventions[0]?.id, s.keyfiles[0]?.id]).toEqual([
      "pn1",
      "pd1",
      "ps1",
      "c1",
      "k1",
    ]);
  });

  test("ids are never reused after removal", () => {
    const s = replay("session", [
      { kind: "note.add", at, content: "a" },
      { kind: "note.remove", at, id: "n1" },
      { kind: "note.add", at, content: "b" },
    ]);
    expect(s.notes.map((n) => n.id)).toEqual(["n2"]);
  });

  test("a missing target id is a reported no-op and returns the same state object", () => {
    const s = replay("session", [{ kind: "note.add", at, content: "a" }]);
    for (const event of [
      { kind: "note.remove", at, id: "n9" },
      { kind: "note.update", at, id: "n9", content: "x" },
      { kind: "step.complete", at, id: "s4" },
      { kind: "decision.remove", at, id: "d1" },
      { kind: "blocker.remove", at, id: "b2" },
      { kind: "file.close", at, path: "nope.ts" },
      { kind: "step.reorder", at, ids: ["s1"] },
    ] satisfies HudEvent[]) {
      const result = applyEvent(s, event);
      expect(result.state).toBe(s);
      expect(result.outcome.ok).toBe(false);
      if (!result.outcome.ok) expect(result.outcome.reason).toMatch(/no |known/);
    }
    const r = applyEvent(s, { kind: "note.remove", at, id: "n9" });
    if (!r.outcome.ok) expect(r.outcome.reason).toBe('no note with id "n9" (known: n1)');
  });

  test("section caps drop the oldest first and are configurable", () => {
    const events: HudEvent[] = Array.from({ length: 25 }, (_, i) => ({
      kind: "note.add",
      at: at + i,
      content: `note ${i + 1}`,
    }));
    const s = replay("session", events);
    expect(s.notes).toHaveLength(20);
    expect(s.notes[0]?.id).toBe("n6");
    const small = replay("session", events, { caps: { notes: 3 } });
    expect(small.notes.map((n) => n.id)).toEqual(["n23", "n24", "n25"]);
  });

  test("step cap evicts finished steps before open ones", () => {
    const events: HudEvent[] = [
      ...Array.from({ length: 10 }, (_, i): HudEvent => ({ kind: "step.add", at, description: `step ${i + 1}` })),
      { kind: "step.complete", at, id: "s5" },
      { kind: "step.add", at, description: "step 11" },
    ];
    const s = replay("session", events);
    expect(s.steps).toHaveLength(10);
    expect(s.steps.map((x) => x.id)).not.toContain("s5");
    expect(s.steps[0]?.id).toBe("s1");
  });

  test("item length caps cut text with an ellipsis without splitting surrogate pairs", () => {
    const s = replay("session", [{ kind: "note.add", at, content: "😀".repeat(30) }], { lengths: { note: 10 } });
    const content = s.notes[0]?.content ?? "";
    expect(content.length).toBeLessThanOrEqual(10);
    expect(content.endsWith("…")).toBe(true);
    expect(content).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  test("step reorder puts listed ids first and keeps the rest in order", () => {
    const s = replay("session", [
      ...["a", "b", "c", "d"].map((d): HudEvent => ({ kind: "step.add", at, description: d })),
      { kind: "step.reorder", at, ids: ["s3", "s1"] },
    ]);
    expect(s.steps.map((x) => x.id)).toEqual(["s3", "s1", "s2", "s4"]);
  });

  test("files: edit is sticky, re-touching moves a file to the newest slot, cap 15", () => {
    let s = replay("session", [
      { kind: "file.edit", at, path: "a.ts" },
      { kind: "file.open", at, path: "b.ts" },
      { kind: "file.open", at, path: "a.ts" },
    ]);
    expect(s.files.map((f) => [f.id, f.path, f.action, f.edits])).toEqual([
      ["f2", "b.ts", "read", 0],
      ["f1", "a.ts", "edit", 1],
    ]);
    s = replay(
      "session",
      Array.from({ length: 20 }, (_, i): HudEvent => ({ kind: "file.open", at, path: `f${i}.ts` })),
    );
    expect(s.files).toHaveLength(15);
    expect(s.files[0]?.path).toBe("f5.ts");
  });

  test("compaction keeps the summary and counts compactions", () => {
    const s = replay("session", [
      { kind: "compact.before", at },
      { kind: "compact.after", at: at + 5, summary: "we built the parser" },
      { kind: "compact.before", at: at + 10 },
      { kind: "compact.after", at: at + 20, summary: "parser and lexer done" },
    ]);
    expect(s.compactions).toBe(2);
    expect(s.compacted).toEqual({ summary: "parser and lexer done", at: at + 20 });
    expect(s.compactingSince).toBeUndefined();
  });

  test("resume copies task and steps and records the source session", () => {
    const s = replay("session", [
      { kind: "step.add", at, description: "existing" },
      { kind: "resume", at, fromSessionID: "ses_1", task: "finish auth", steps: ["add tests", "docs"] },
    ]);
    expect(s.task).toMatchObject({ description: "finish auth", from: "ses_1" });
    expect(s.steps.map((x) => [x.id, x.from])).toEqual([
      ["s1", undefined],
      ["s2", "ses_1"],
      ["s3", "ses_1"],
    ]);
    expect(s.resumedFrom).toBe("ses_1");
    const r = applyEvent(emptyState("session"), { kind: "resume", at, fromSessionID: "x", task: "T", steps: ["a"] });
    expect(r.outcome).toEqual({ ok: true, id: "t", ids: ["t", "s1"] });
  });

  test("todo.sync mirrors opencode todos and session.link records the parent", () => {
    const s = replay("session", [
      { kind: "todo.sync", at, todos: [{ id: "1", content: "lint", status: "in_progress" }] },
      { kind: "session.link", at, parentID: "ses_parent" },
    ]);
    expect(s.todos).toEqual([{ id: "1", content: "lint", status: "in_progress" }]);
    expect(s.parentID).toBe("ses_parent");
  });
});

describe("projector: bookkeeping", () => {
  test("agent edits move the staleness clock; turns and snapshots do not bump rev", () => {
    let s = emptyState("session");
    s = applyEvent(s, { kind: "note.add", at: 10, content: "a" }).state;
    expect([s.rev, s.agentEdits, s.agentUpdatedAt, s.updatedAt]).toEqual([1, 1, 10, 10]);
    const beforeTurn = s;
    s = applyEvent(s, { kind: "turn", at: 20 }).state;
    s = applyEvent(s, { kind: "context.snapshot", at: 21, usedTokens: 5, usableTokens: 10 }).state;
    expect([s.rev, s.turns, s.agentEditTurn, s.updatedAt]).toEqual([1, 1, 0, 21]);
    expect(s.notes).toBe(beforeTurn.notes);
    s = applyEvent(s, { kind: "file.open", at: 30, path: "x" }).state;
    expect([s.rev, s.agentEdits]).toEqual([2, 1]);
    s = applyEvent(s, { kind: "step.add", at: 40, description: "x" }).state;
    expect([s.agentEdits, s.agentEditTurn, s.agentUpdatedAt]).toEqual([2, 1, 40]);
  });

  test("an edit by the person changes the state but not the agent's staleness clock", () => {
    let s = applyEvent(emptyState("session"), { kind: "note.add", at: 10, content: "a" }).state;
    s = applyEvent(s, { kind: "note.add", at: 20, content: "from the person", by: "person" }).state;
    expect(s.notes.map((n) => n.content)).toEqual(["a", "from the person"]);
    expect([s.rev, s.agentEdits, s.agentUpdatedAt, s.updatedAt]).toEqual([2, 1, 10, 20]);
    s = applyEvent(s, { kind: "note.add", at: 30, content: "b", by: "agent" }).state;
    expect([s.agentEdits, s.agentUpdatedAt]).toEqual([2, 30]);
  });

  test("applyEvent never mutates its input", () => {
    const s = replay("session", [{ kind: "note.add", at, content: "a" }]);
    const frozen = structuredClone(s);
    applyEvent(s, { kind: "note.update", at, id: "n1", content: "b" });
    applyEvent(s, { kind: "note.remove", at, id: "n1" });
    expect(s).toEqual(frozen);
  });
});
