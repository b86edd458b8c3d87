import { describe, expect, test } from "bun:test";
import {
  applyEvent,
  describeOutcome,
  emptyState,
  formatHistory,
  hudToolJsonSchema,
  operationCatalog,
  operationsByName,
  planOperation,
  replay,
  type HudView,
  type Plan,
} from "../src/index.ts";

const now = 1_700_000_000_000;
const baseView = (): HudView => ({
  session: replay("session", [
    { kind: "task.set", at: 1, description: "ship auth" },
    { kind: "note.add", at: 2, content: "users table has email" },
    { kind: "step.add", at: 3, description: "write middleware" },
  ]),
  project: replay("project", [{ kind: "convention.add", at: 1, content: "tests use bun test" }]),
});

function run(view: HudView, tool: string, args?: unknown): { view: HudView; plan: Plan; text: string } {
  const plan = planOperation(view, { tool, args }, { now });
  if (!plan.ok) return { view, plan, text: plan.error };
  if ("output" in plan) return { view, plan, text: plan.output };
  if ("answer" in plan) throw new Error(`${tool} is a host operation`);
  const next = { ...view };
  const outcomes = plan.events.map(({ scope, event }) => {
    const r = applyEvent(next[scope], event);
    next[scope] = r.state;
    return r.outcome;
  });
  return { view: next, plan, text: describeOutcome({ tool, args }, outcomes) };
}

describe("planOperation: mutating ops", () => {
  test("notes.add returns the new id; scope project goes to the project stream", () => {
    let r = run(baseView(), "notes.add", { content: "rate limit 100/min" });
    expect(r.text).toBe("ok: added note n2");
    r = run(r.view, "notes.add", { content: "monorepo uses bun", scope: "project" });
    expect(r.text).toBe("ok: added note pn1");
    expect(r.plan.ok && "events" in r.plan && r.plan.events[0]?.scope).toBe("project");
    expect(r.view.project.notes[0]?.content).toBe("monorepo uses bun");
  });

  test("every mutating op in the catalog can be planned with valid args", () => {
    const argsFor: Record<string, unknown> = {
      "task.set": { description: "x" },
      "task.update": { description: "y" },
      "task.clear": {},
      "decisions.record": { summary: "use JWT", details: "stateless", scope: "project" },
      "decisions.remove": { id: "d1" },
      "notes.add": { content: "c" },
      "notes.update": { id: "n1", content: "c2" },
      "notes.remove": { id: "n1" },
      "steps.add": { description: "s" },
      "steps.complete": { id: "s1" },
      "steps.reorder": { ids: ["s1"] },
      "blockers.add": { description: "b" },
      "blockers.remove": { id: "b1" },
      "conventions.add": { content: "c" },
      "conventions.remove": { id: "c1" },
      "keyfiles.add": { path: "src/x.ts", note: "entry" },
      "keyfiles.remove": { id: "k1" },
      "components.remove": { name: "Checklist" },
    };
    let view = run(run(baseView(), "decisions.record", { summary: "d" }).view, "blockers.add", {
      description: "b",
    }).view;
    view = run(view, "keyfiles.add", { path: "a" }).view;
    const source = "export default () => null;";
    view.project = applyEvent(view.project, { kind: "component.define", at: 4, name: "Checklist", source }).state;
    // host operations (components.define) are answered by the host, not planned into events
    for (const op of operationCatalog.filter((o) => o.mutating && o.name !== "resume" && !o.host)) {
      const r = run(view, op.name, argsFor[op.name]);
      expect(r.text.startsWith("ok: ")).toBe(true);
      view = r.view;
    }
  });

  test("resume copies task and open steps from the given session state", () => {
    const previous = replay("session", [
      { kind: "task.set", at: 1, description: "migrate db" },
      { kind: "step.add", at: 2, description: "write migration" },
      { kind: "step.add", at: 3, description: "done already" },
      { kind: "step.complete", at: 4, id: "s2" },
    ]);
    const view: HudView = {
      session: emptyState("session"),
      project: emptyState("project"),
      resume: { sessionID: "ses_A", task: "migrate db", openSteps: 1 },
    };
    const plan = planOperation(
      view,
      { tool: "resume" },
      { now, host: { resumeSource: () => ({ sessionID: "ses_A", state: previous }) } },
    );
    expect(plan).toEqual({
      ok: true,
      events: [
        {
          scope: "session",
          event: { kind: "resume", at: now, fromSessionID: "ses_A", steps: ["write migration"], task: "migrate db" },
        },
      ],
    });
    expect(planOperation(view, { tool: "resume" }, { now })).toMatchObject({ ok: false });
  });
});

describe("planOperation: errors are one line naming the problem and the expected shape", () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      "notes.add",
      {},
      /^notes\.add: args\.content: expected required property; expected \{ content: non-blank string, scope\?: "session" \| "project" \}$/,
    ],
    [
      "notes.add",
      { content: "   " },
      /^notes\.add: args\.content: is blank; expected \{ content: non-blank string, scope\?: "session" \| "project" \}$/,
    ],
    ["notes.update", { id: "n1", content: "\n\t " }, /^notes\.update: args\.content: is blank/],
    ["task.set", { description: "\u00a0\u2003" }, /^task\.set: args\.description: is blank/],
    ["decisions.record", { summary: " ", details: "why" }, /^decisions\.record: args\.summary: is blank/],
    ["steps.add", { description: "  ", scope: "project" }, /^steps\.add: args\.description: is blank/],
    ["blockers.add", { description: "\r\n" }, /^blockers\.add: args\.description: is blank/],
    ["conventions.add", { content: "\t" }, /^conventions\.add: args\.content: is blank/],
    ["keyfiles.add", { path: "  " }, /^keyfiles\.add: args\.path: is blank/],
    ["notes.add", { content: 5 }, /args\.content: expected string/],
    ["notes.add", { content: "x", text: "y" }, /args\.text: unexpected property/],
    ["notes.add", { content: "x", scope: "global" }, /args\.scope/],
    ["notes.remove", { id: "n42" }, /^notes\.remove: no note with id "n42" in session scope \(known: n1\)$/],
    ["notes.remove", { id: "pn1" }, /in project scope \(known: none\)/],
    ["steps.reorder", { ids: ["s1", "ps1"] }, /mix session and project/],
    ["conventions.remove", { id: "n1" }, /not a convention id of project scope/],
    ["notes.add", "not json", /args is not valid JSON/],
    ["note.add", { content: "x" }, /^unknown operation "note\.add"; did you mean "notes\.add"/],
    ["", undefined, /missing operation name/],
    ["frobnicate", undefined, /call \{ tool: "help" \}/],
  ];
  for (const [tool, args, pattern] of cases) {
    test(`${tool || "(empty)"} ${JSON.stringify(args)}`, () => {
      const plan = planOperation(baseView(), { tool, args }, { now });
      expect(plan.ok).toBe(false);
      if (!plan.ok) {
        expect(plan.error).toMatch(pattern);
        expect(plan.error).not.toContain("\n");
      }
    });
  }

  test("args as a JSON string are accepted", () => {
    expect(run(baseView(), "notes.add", '{"content":"from string"}').text).toBe("ok: added note n2");
  });
});

describe("planOperation: read ops", () => {
  test("help lists every operation with its arg shape and scopes", () => {
    const r = run(baseView(), "help");
    for (const op of operationCatalog) expect(r.text).toContain(op.name);
    expect(r.text).toContain('notes.add { content: non-blank string, scope?: "session" | "project" }');
    expect(r.text).toContain("keyfiles.add { path: non-blank string, note?: string }");
    // the arg schemas carry the rule as JSON Schema too
    const content = (
      JSON.parse(JSON.stringify(operationsByName.get("notes.add")!.args)) as { properties: Record<string, unknown> }
    ).properties["content"];
    expect(content).toMatchObject({ type: "string", minLength: 1, pattern: "\\S" });
    expect(r.text).toContain("[session|project]");
  });

  test("snapshot shows items with ids and scopes", () => {
    const r = run(run(baseView(), "notes.add", { content: "shared", scope: "project" }).view, "snapshot");
    expect(r.text).toContain("t: ship auth");
    expect(r.text).toContain("n1: users table has email");
    expect(r.text).toContain("[ ] s1: write middleware");
    expect(r.text).toContain("notes (project):\n  pn1: shared");
    expect(r.text).toContain("c1: tests use bun test");
  });

  test("lists, task.get, files.list, project.list", () => {
    const v = baseView();
    expect(run(v, "task.get").text).toBe("t: ship auth");
    expect(run(v, "notes.list", { scope: "session" }).text).toBe("notes (session):\n  n1: users table has email");
    expect(run(v, "files.list").text).toBe("files: none");
    expect(run(v, "project.list").text).toContain("conventions (project):\n  c1: tests use bun test");
  });

  test("history is left to the host: without the host's callback it fails in one line, with it the host answers", async () => {
    expect(planOperation(baseView(), { tool: "history" }, { now })).toEqual({
      ok: false,
      error: "history: not available in this host",
    });
    const asked: unknown[] = [];
    const plan = planOperation(
      baseView(),
      { tool: "history", args: { limit: 2 } },
      { now, host: { history: (args) => (asked.push(args), "from the host") } },
    );
    expect("answer" in plan && (await plan.answer)).toBe("from the host");
    expect(asked).toEqual([{ limit: 2 }]);
    const text = formatHistory(
      [
        { seq: 1, scope: "session", event: { kind: "note.add", at: 0, content: "x" } },
        { seq: 2, event: { kind: "turn", at: 1000 } },
      ],
      1,
    );
    expect(text).toBe("(1 older events not shown)\n#2 1970-01-01T00:00:01.000Z turn");
  });
});

test("hudToolJsonSchema is plain JSON Schema listing every operation", () => {
  const schema = hudToolJsonSchema() as {
    properties: { tool: { anyOf: Array<{ const: string }> } };
    required: string[];
  };
  expect(schema.properties.tool.anyOf.map((s) => s.const)).toEqual(operationCatalog.map((o) => o.name));
  expect(schema.required).toEqual(["tool"]);
  expect(JSON.stringify(schema)).toBe(JSON.stringify(JSON.parse(JSON.stringify(schema))));
});

test("describeOutcome reports a reducer no-op", () => {
  expect(describeOutcome({ tool: "notes.remove" }, [{ ok: false, reason: 'no note with id "n9"' } as never])).toBe(
    'no change: no note with id "n9"',
  );
});
