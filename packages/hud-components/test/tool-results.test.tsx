import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import {
  applyEvent,
  emptyState,
  formatHistory,
  HudEvent,
  HudState,
  renderHud,
  replay,
  type HudComponentProps,
  type HudView,
} from "../src/index.ts";
import { contextAt } from "../src/internal.ts";
import { referenceView } from "../src/testing/index.ts";

const at = 1_700_000_000_000;
const bash = (output: string, extra: { command?: string; exit?: number; at?: number } = {}): HudEvent => ({
  kind: "tool.result",
  tool: "bash",
  output,
  at,
  ...extra,
});

describe("tool.result events", () => {
  test("are a valid HudEvent and land in toolResults, newest last, capped at 5 (FIFO)", () => {
    expect(Value.Check(HudEvent, bash("ok", { command: "ls", exit: 0 }))).toBe(true);
    const events = Array.from({ length: 7 }, (_, i) =>
      bash(`run ${i}`, { command: `echo ${i}`, exit: i % 2, at: at + i }),
    );
    const s = replay("session", events);
    expect(s.toolResults.map((r) => r.output)).toEqual(["run 2", "run 3", "run 4", "run 5", "run 6"]);
    expect(s.toolResults.at(-1)).toEqual({ tool: "bash", command: "echo 6", exit: 0, output: "run 6", at: at + 6 });
    expect(Value.Check(HudState, s)).toBe(true);
    expect(replay("session", events)).toEqual(s);
  });

  test("keep the tail of a long output (where test summaries are) and a clipped command", () => {
    const output = `${"noise line\n".repeat(500)} 12 pass\n 1 fail\n`;
    const s = replay("session", [bash(output, { command: `bun test ${"x".repeat(1000)}` })]);
    const kept = s.toolResults[0]!;
    expect(kept.output.length).toBeLessThanOrEqual(1000);
    expect(kept.output).toStartWith("…");
    expect(kept.output).toEndWith(" 12 pass\n 1 fail\n");
    expect(kept.command!.length).toBeLessThanOrEqual(300);
    const emoji = replay("session", [bash("😀".repeat(600))]).toolResults[0]!.output;
    expect(emoji.slice(1)).toBe("😀".repeat(499));
  });

  test("are not agent edits and leave rev and every section a built-in component reads untouched", () => {
    const before = replay("session", [
      { kind: "task.set", at, description: "fix tests" },
      { kind: "note.add", at, content: "n" },
    ]);
    const { state, outcome } = applyEvent(before, bash(" 3 pass\n", { at: at + 5_000 }));
    expect(outcome.ok).toBe(true);
    expect(state.toolResults).toHaveLength(1);
    expect(state.rev).toBe(before.rev);
    expect(state.agentEdits).toBe(before.agentEdits);
    expect(state.agentUpdatedAt).toBe(before.agentUpdatedAt!);
    for (const key of ["task", "notes", "decisions", "steps", "blockers", "files", "todos"] as const)
      expect(state[key]).toBe(before[key]);
  });
});

test("hud history shows a multi-line tool output on one line", () => {
  const history = formatHistory([{ seq: 1, event: bash(" 3 pass\n 1 fail\n", { command: "bun test" }) }]);
  expect(history.split("\n")).toHaveLength(1);
  expect(history).toContain('output=" 3 pass\\n 1 fail\\n"');
});

describe("rendering with tool results", () => {
  const withResult = (view: HudView, output: string): HudView => ({
    ...view,
    session: applyEvent(view.session, bash(output)).state,
  });

  test("the built-in HUD is byte-identical after a tool result", () => {
    const view = referenceView();
    const before = renderHud(view, contextAt(30));
    const after = renderHud(withResult(view, "anything"), contextAt(30));
    expect(after.stable).toBe(before.stable);
    expect(after.stableHash).toBe(before.stableHash);
  });

  test("a stable custom section reading toolResults re-renders when they change", () => {
    const LastOutput = ({ state }: HudComponentProps) => {
      const last = state.toolResults.at(-1);
      return last ? (
        <paragraph>
          <strong>Last</strong> {last.output}
        </paragraph>
      ) : null;
    };
    const options = { custom: [{ name: "last", component: LastOutput }], budgets: { full: 5000 } };
    const empty: HudView = { session: emptyState("session"), project: emptyState("project") };
    const one = withResult(empty, "first run");
    expect(renderHud(one, contextAt(30), options).markdown).toContain("**Last** first run");
    const two = withResult(one, "second run");
    expect(renderHud(two, contextAt(30), options).markdown).toContain("**Last** second run");
  });
});
