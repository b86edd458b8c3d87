import { describe, expect, test } from "bun:test";
import { emptyState, replay, type HudComponentProps } from "../src/index.ts";
import { renderAllDensities, renderComponent, viewFromJson } from "../src/testing/index.ts";

const Tests = ({ density }: HudComponentProps) => (
  <paragraph>
    <strong>Tests</strong> {density === "minimal" ? "41/42" : "41 passed, 1 failed (auth.test.ts)"}
  </paragraph>
);

describe("@agent-hud/hud-components/testing", () => {
  test("renderComponent injects the HUD props and enforces a budget", () => {
    expect(renderComponent(<Tests {...({} as HudComponentProps)} />, { density: "minimal" })).toBe("**Tests** 41/42\n");
    expect(() => renderComponent(<Tests {...({} as HudComponentProps)} />, { budget: 3 })).toThrow(
      /over its budget of 3/,
    );
  });

  test("a component itself (no element, no props) gets the HUD props injected", () => {
    expect(renderComponent(Tests, { density: "minimal" })).toBe("**Tests** 41/42\n");
    expect(() => renderComponent(Tests, { budget: 3 })).toThrow(/over its budget of 3/);
    expect(renderAllDensities(Tests)).toEqual(renderAllDensities(<Tests {...({} as HudComponentProps)} />));
    const TaskEcho = ({ state, directory, density }: HudComponentProps) => (
      <paragraph>{`${state.task?.description ?? "no task"} in ${directory} at ${density}`}</paragraph>
    );
    const session = replay("session", [{ kind: "task.set", at: 1, description: "ship it" }]);
    expect(
      renderAllDensities(TaskEcho, { view: { session, project: emptyState("project") }, directory: "/repo" }),
    ).toEqual({
      full: "ship it in /repo at full\n",
      compact: "ship it in /repo at compact\n",
      minimal: "ship it in /repo at minimal\n",
    });
    expect(renderComponent(TaskEcho)).toBe("no task in  at full\n");
  });

  test("renderAllDensities takes an element, a HudView or a HudState", () => {
    expect(renderAllDensities(<Tests {...({} as HudComponentProps)} />)).toEqual({
      full: "**Tests** 41 passed, 1 failed (auth.test.ts)\n",
      compact: "**Tests** 41 passed, 1 failed (auth.test.ts)\n",
      minimal: "**Tests** 41/42\n",
    });
    const state = replay("session", [{ kind: "task.set", at: 1, description: "write docs" }]);
    const fromState = renderAllDensities(state);
    expect(fromState.full).toContain("write docs");
    expect(fromState.minimal).toContain("**Task** write docs");
    expect(renderAllDensities({ session: state, project: emptyState("project") })).toEqual(fromState);
  });

  test("viewFromJson reads event lists or states and reports the first problem in one line", () => {
    const loaded = viewFromJson({ session: [{ kind: "note.add", at: 1, content: "x" }], usage: 40 });
    expect(loaded.view.session.notes[0]?.id).toBe("n1");
    expect(loaded.usage).toBe(40);
    expect(viewFromJson({ session: loaded.view.session }).view.session).toEqual(loaded.view.session);
    expect(() => viewFromJson({ session: [{ kind: "note.add", content: "x" }] })).toThrow(
      /^invalid state file at \/session\/0.*expected \{ session: HudEvent\[\]/,
    );
    expect(() => viewFromJson(42)).toThrow(/invalid state file/);
  });
});
