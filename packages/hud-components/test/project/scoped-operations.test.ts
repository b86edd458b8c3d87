import { describe, expect, test } from "bun:test";
import {
  applyEvent,
  describeOutcome,
  emptyState,
  operationCatalog,
  planOperation,
  replay,
  type HudState,
  type HudView,
} from "../../src/index.ts";
import { scopeOfId } from "../../src/internal.ts";

const now = 1_700_000_000_000;
const empty = (): HudView => ({ session: emptyState("session"), project: emptyState("project") });

/** Plans and applies one call the way the plugin does: each event folds into the state of its scope. */
function call(view: HudView, tool: string, args?: unknown, resumeFrom?: HudState, resumeFromID?: string) {
  const plan = planOperation(
    view,
    { tool, args },
    resumeFrom && resumeFromID
      ? { now, host: { resumeSource: () => ({ sessionID: resumeFromID, state: resumeFrom }) } }
      : { now },
  );
  if (!plan.ok) return { view, error: plan.error, scopes: [] as string[], text: "" };
  if ("output" in plan) return { view, text: plan.output, scopes: [] as string[] };
  if ("answer" in plan) throw new Error(`${tool} is a host operation`);
  const next = { ...view };
  const outcomes = plan.events.map(({ scope, event }) => {
    const result = applyEvent(next[scope], event);
    next[scope] = result.state;
    return result.outcome;
  });
  return { view: next, text: describeOutcome({ tool, args }, outcomes), scopes: plan.events.map((e) => e.scope) };
}

describe("scope on agent-written items", () => {
  const scoped: Array<[string, Record<string, unknown>, string, string]> = [
    ["notes.add", { content: "a fact" }, "n1", "pn1"],
    ["decisions.record", { summary: "a choice", details: "why" }, "d1", "pd1"],
    ["steps.add", { description: "a step" }, "s1", "ps1"],
  ];
  for (const [tool, args, sessionId, projectId] of scoped) {
    test(`${tool}: session by default, project on request, with the scope's own ids`, () => {
      const plain = call(empty(), tool, args);
      expect(plain.scopes).toEqual(["session"]);
      expect(plain.text).toEndWith(` ${sessionId}`);
      expect(call(empty(), tool, { ...args, scope: "session" }).scopes).toEqual(["session"]);
      const shared = call(empty(), tool, { ...args, scope: "project" });
      expect(shared.scopes).toEqual(["project"]);
      expect(shared.text).toEndWith(` ${projectId}`);
      expect(shared.view.session.rev).toBe(0);
      expect(scopeOfId(projectId)).toBe("project");
      expect(scopeOfId(sessionId)).toBe("session");
    });
  }

  test("conventions and key files are project items whatever the call", () => {
    const c = call(empty(), "conventions.add", { content: "no default exports" });
    expect([c.scopes, c.text]).toEqual([["project"], "ok: added convention c1"]);
    const k = call(c.view, "keyfiles.add", { path: "src/index.ts", note: "public API" });
    expect([k.scopes, k.text]).toEqual([["project"], "ok: added key file k1"]);
    expect(k.view.project.keyfiles).toEqual([{ id: "k1", path: "src/index.ts", note: "public API", at: now }]);
    // no scope argument: the shape is fixed, and a wrong key is a one-line error naming it
    expect(call(k.view, "conventions.add", { content: "x", scope: "session" }).error).toBe(
      "conventions.add: args.scope: unexpected property; expected { content: non-blank string }",
    );
    expect(call(k.view, "conventions.remove", { id: "c1" }).scopes).toEqual(["project"]);
    expect(call(k.view, "keyfiles.remove", { id: "k1" }).scopes).toEqual(["project"]);
  });

  test("edits by id go to the scope the id names", () => {
    let view = empty();
    for (const [tool, args] of [
      ["notes.add", { content: "one", scope: "project" }],
      ["decisions.record", { summary: "two", scope: "project" }],
      ["steps.add", { description: "three", scope: "project" }],
      ["steps.add", { description: "four", scope: "project" }],
    ] as const)
      view = call(view, tool, args).view;
    const edits: Array<[string, Record<string, unknown>]> = [
      ["notes.update", { id: "pn1", content: "one, reworded" }],
      ["steps.reorder", { ids: ["ps2", "ps1"] }],
      ["steps.complete", { id: "ps1" }],
      ["decisions.remove", { id: "pd1" }],
      ["notes.remove", { id: "pn1" }],
    ];
    for (const [tool, args] of edits) {
      const result = call(view, tool, args);
      expect(result.scopes).toEqual(["project"]);
      view = result.view;
    }
    expect(view.project.steps.map((s) => [s.id, s.done])).toEqual([
      ["ps2", false],
      ["ps1", true],
    ]);
    expect(view.project.notes).toEqual([]);
    expect(view.project.decisions).toEqual([]);
    expect(view.session.rev).toBe(0);
  });
});

describe("resume", () => {
  const previous = replay("session", [
    { kind: "task.set", at: 1, description: "finish the importer" },
    { kind: "step.add", at: 2, description: "parse dates" },
    { kind: "step.add", at: 3, description: "dedupe rows" },
    { kind: "step.complete", at: 4, id: "s1" },
    {
      kind: "todo.sync",
      at: 5,
      todos: [
        { id: "1", content: "update the README", status: "in_progress" },
        { id: "2", content: "dedupe rows", status: "pending" },
        { id: "3", content: "old chore", status: "cancelled" },
      ],
    },
  ]);

  test("copies the task and every open step (agent steps, then open todos not already listed) as one event", () => {
    const result = call(empty(), "resume", undefined, previous, "ses_prev");
    expect(result.text).toBe("ok: resumed t, s1, s2 (task and open steps copied into this session)");
    const session = result.view.session;
    expect(session.task).toMatchObject({ description: "finish the importer", from: "ses_prev" });
    expect(session.steps.map((s) => [s.id, s.description, s.done, s.from])).toEqual([
      ["s1", "dedupe rows", false, "ses_prev"],
      ["s2", "update the README", false, "ses_prev"],
    ]);
    expect(session.resumedFrom).toBe("ses_prev");
  });

  test("a session resumes once; a second call is refused and changes nothing", () => {
    const once = call(empty(), "resume", undefined, previous, "ses_prev").view;
    const again = call(once, "resume", undefined, previous, "ses_prev");
    expect(again.error).toBe(
      "resume: this session already resumed from ses_prev; its task and steps are in the HUD (steps.list)",
    );
    expect(again.view).toBe(once);
  });

  test("nothing to take over: a finished session, or no source at all", () => {
    const finished = replay("session", [
      { kind: "task.set", at: 1, description: "done thing" },
      { kind: "task.clear", at: 2 },
      { kind: "step.add", at: 3, description: "x" },
      { kind: "step.complete", at: 4, id: "s1" },
    ]);
    expect(call(empty(), "resume", undefined, finished, "ses_done").error).toBe(
      "resume: session ses_done left no unfinished task or open steps",
    );
    expect(call(empty(), "resume").error).toBe("resume: no earlier session of this project left a task or open steps");
  });
});

describe("help, snapshot and project.list show scopes", () => {
  test("help tags every operation with the scopes it touches", () => {
    const help = call(empty(), "help").text;
    const tag = (name: string) =>
      help
        .split("\n")
        .find((line) => line.startsWith(`${name} `))
        ?.match(/\[([^\]]+)\]$/)?.[1];
    for (const op of operationCatalog) expect(tag(op.name)).toBeDefined();
    for (const name of ["notes.add", "decisions.record", "steps.add"]) expect(tag(name)).toBe("session|project");
    for (const name of ["conventions.add", "conventions.remove", "keyfiles.add", "keyfiles.remove", "project.list"])
      expect(tag(name)).toBe("project");
    for (const name of ["notes.update", "notes.remove", "decisions.remove", "steps.complete", "steps.reorder"])
      expect(tag(name)).toBe("scope from id");
    expect(tag("task.set")).toBe("session");
    expect(help).toContain("pd1 pn1 ps1 c1 k1 (project)");
  });

  test("project.list lists every kind of project item with its id; snapshot shows both scopes", () => {
    let view = empty();
    for (const [tool, args] of [
      ["conventions.add", { content: "snake_case in SQL" }],
      ["keyfiles.add", { path: "db/schema.sql" }],
      ["decisions.record", { summary: "one database per service", scope: "project" }],
      ["notes.add", { content: "the staging db is shared", scope: "project" }],
      ["steps.add", { description: "split the users table", scope: "project" }],
      ["notes.add", { content: "session scratch" }],
    ] as const)
      view = call(view, tool, args).view;
    expect(call(view, "project.list").text).toBe(
      [
        "conventions (project):\n  c1: snake_case in SQL",
        "key files (project):\n  k1: db/schema.sql",
        "decisions (project):\n  pd1: one database per service",
        "notes (project):\n  pn1: the staging db is shared",
        "steps (project):\n  [ ] ps1: split the users table",
      ].join("\n"),
    );
    const snapshot = call(view, "snapshot").text;
    expect(snapshot).toContain("notes (session):\n  n1: session scratch");
    expect(snapshot).toContain("notes (project):\n  pn1: the staging db is shared");
    expect(call(view, "notes.list", { scope: "project" }).text).toBe(
      "notes (project):\n  pn1: the staging db is shared",
    );
  });
});
