// The Context line in an append-only history: re-sent only when its percentage moves by CONTEXT_STEP points
// or its band changes, so tool batches that change nothing else append nothing.
import { describe, expect, test } from "bun:test";
import { createLogger } from "../../../src/log/index.ts";
import { decide, type EmissionState } from "../../../src/append-only/emission.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { CONTEXT_STEP, settleVolatile } from "../../../src/append-only/volatile-lines.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});

const hud = (context: string) => ["### Agent HUD", "**Task** fix the parser", `**Context** ${context}`].join("\n");
const full = (pct: number, trend: number[]) =>
  hud(`${pct}% of 200k usable (${pct * 2}k used) · trend ${[...trend, pct].join("→")}%`);

describe("the Context line's step", () => {
  test("a trend that only grows, and a percentage that creeps by less than the step, send nothing", () => {
    let state: EmissionState | undefined = decide(undefined, full(11, []), true).state;
    const kinds: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const d = decide(state, full(11 + Math.floor(i / 6), Array(i).fill(11)), false);
      kinds.push(d.kind);
      state = d.state;
    }
    expect(kinds.filter((k) => k !== "none")).toEqual([]);
    // the agent still holds the line of the full copy
    expect(state!.shown).toBe(full(11, []));
  });

  test(`a move of ${CONTEXT_STEP} points from the line the agent holds is sent, and becomes the new base`, () => {
    const start = decide(undefined, full(11, []), true).state;
    const moved = decide(start, full(11 + CONTEXT_STEP, [11]), false);
    expect(moved.kind).toBe("changes");
    if (moved.kind !== "changes") return;
    expect(moved.text).toContain(`+ **Context** ${11 + CONTEXT_STEP}%`);
    expect(decide(moved.state, full(11 + CONTEXT_STEP + 1, [11, 16]), false).kind).toBe("none");
  });

  test("a change of band is sent whatever the percentage: density, usable size", () => {
    const start = decide(undefined, hud("69% of 200k · steady · compact HUD"), true).state;
    expect(decide(start, hud("70% · minimal HUD"), false).kind).toBe("changes");
    expect(decide(start, hud("69% of 1.0M · steady · compact HUD"), false).kind).toBe("changes");
    expect(decide(start, hud("70% of 200k · +1 pts · compact HUD"), false).kind).toBe("none");
  });

  test("a Stale nudge whose count of turns grows is held; one that changes its advice is sent", () => {
    const start = decide(
      undefined,
      hud("11% · minimal HUD") + "\n**Stale** no HUD edits for 10 turns — update it",
      true,
    ).state;
    expect(
      decide(start, hud("11% · minimal HUD") + "\n**Stale** no HUD edits for 3 min / 11 turns — update it", false).kind,
    ).toBe("none");
    expect(
      decide(start, hud("11% · minimal HUD") + "\n**Stale** no HUD edits for 11 turns — check the task", false).kind,
    ).toBe("changes");
  });

  test("a HUD without a Context line, or one gaining it, is left as it is", () => {
    expect(settleVolatile("### Agent HUD", hud("11% · minimal HUD"))).toBe(hud("11% · minimal HUD"));
    expect(settleVolatile(hud("11% · minimal HUD"), "### Agent HUD")).toBe("### Agent HUD");
  });

  test("Claude Code: 20 tool batches that change nothing shown but the usage and the turns produce at most 1 HUD update", async () => {
    const s = claudeSession();
    s.user("look around");
    // the session's full copy already holds the usage (about 11% of the usable context)
    s.assistant([{ type: "text", text: "looking" }], { input_tokens: 19_800, output_tokens: 10 });
    await handleHook(s.input("SessionStart", { source: "resume" }), log);
    const texts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `toolu_${i}`;
      // about 11% of the usable context, growing a little every call: the trend string grows each time
      const usage = { input_tokens: 20_000 + i * 150, output_tokens: 10 };
      s.assistant([{ type: "tool_use", id, name: "Bash", input: { command: "true", description: "noop" } }], {
        ...usage,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      });
      s.user([{ type: "tool_result", tool_use_id: id, content: "" }]);
      const out = await handleHook(s.input("PostToolBatch"), log);
      if (out?.text) texts.push(out.text);
    }
    // the one update allowed: the Stale nudge appearing at its tenth turn
    expect(texts.length).toBeLessThanOrEqual(1);
    expect(texts.join("\n")).not.toContain("**Context**");
  });
});
