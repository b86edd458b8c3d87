import { describe, expect, test } from "bun:test";
import { applyEvent, emptyState, planOperation, replay, type HudEvent, type HudView } from "../src/index.ts";
import { formatComponents } from "../src/internal.ts";

const source = "export default function A() { return <paragraph>a</paragraph>; }";
const define = (name: string, at = 1, extra: Partial<HudEvent> = {}): HudEvent =>
  ({ kind: "component.define", at, name, source, ...extra }) as HudEvent;

describe("agent component events", () => {
  test("define adds in order, a redefinition replaces in place and switches it back on", () => {
    let state = replay("session", [
      define("A"),
      define("B", 2),
      { kind: "component.disable", at: 3, name: "A", reason: "x" },
    ]);
    expect(state.components?.map((c) => [c.name, c.off])).toEqual([
      ["A", "x"],
      ["B", undefined],
    ]);
    state = applyEvent(state, define("A", 4, { priority: 70 } as Partial<HudEvent>)).state;
    expect(state.components?.map((c) => [c.name, c.off, c.priority])).toEqual([
      ["A", undefined, 70],
      ["B", undefined, undefined],
    ]);
  });

  test("remove drops it (the field goes when the last one goes); an unknown name is a no-op with a reason", () => {
    const state = replay("session", [define("A")]);
    const removed = applyEvent(state, { kind: "component.remove", at: 2, name: "A" });
    expect(removed.state.components).toBeUndefined();
    expect(removed.state.rev).toBe(state.rev + 1);
    const missing = applyEvent(state, { kind: "component.remove", at: 2, name: "Z" });
    expect(missing.outcome).toEqual({ ok: false, reason: 'no component named "Z" (known: A)' });
    expect(missing.state).toBe(state);
  });

  test("a second disable keeps the first reason and the state's identity", () => {
    const off = replay("session", [define("A"), { kind: "component.disable", at: 2, name: "A", reason: "first" }]);
    const again = applyEvent(off, { kind: "component.disable", at: 3, name: "A", reason: "second" });
    expect(again.state.components?.[0]?.off).toBe("first");
  });
});

describe("components operations in the router", () => {
  const view = (): HudView => ({
    session: replay("session", [define("Mine")]),
    project: replay("project", [define("Shared")]),
  });

  test("list names both scopes; remove finds the scope by name; an unknown name is one line", () => {
    const v = view();
    const list = planOperation(v, { tool: "components.list" }, { now: 1 });
    expect(list).toEqual({ ok: true, output: formatComponents(v) });
    expect(formatComponents(v)).toContain("Shared (project)");
    const remove = planOperation(v, { tool: "components.remove", args: { name: "Shared" } }, { now: 5 });
    expect(remove).toEqual({
      ok: true,
      events: [{ scope: "project", event: { kind: "component.remove", at: 5, name: "Shared" } }],
    });
    const missing = planOperation(v, { tool: "components.remove", args: { name: "Nope" } }, { now: 5 });
    expect(missing).toEqual({ ok: false, error: 'components.remove: no component named "Nope" (known: Mine, Shared)' });
  });

  test("define and show are host operations: without a host they are refused in one line", () => {
    const args = { name: "X", source };
    expect(planOperation(view(), { tool: "components.define", args }, { now: 1 })).toEqual({
      ok: false,
      error: "components.define: not available in this host",
    });
    const bad = planOperation(view(), { tool: "components.define", args: { name: "1bad", source } }, { now: 1 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toStartWith("components.define: args.name:");
    expect(emptyState().components).toBeUndefined();
  });
});
