import { describe, expect, test } from "bun:test";
import { renderHud, makeContextInfo, replay } from "@agent-hud/hud-components";
import { bpeTokenizer } from "@agent-hud/hud-components/o200k";
import type { BoardRender } from "../../src/store/index.ts";
import { hudCommands } from "../../src/board/commands.ts";
import { promptStatus } from "../../src/board/prompt-status.ts";

/** A shown HUD rendered by the real renderer at a usage, so the task line is the component's own. */
function shownAt(percent: number, task: string): BoardRender {
  const view = {
    session: replay("session", [{ kind: "task.set", at: 1, description: task }]),
    project: replay("project", []),
  };
  const context = makeContextInfo({ usedTokens: percent * 1000, usableTokens: 100_000 });
  const result = renderHud(view, context, { tokenizer: bpeTokenizer });
  return {
    markdown: result.markdown,
    density: result.density,
    tokens: result.tokens,
    omitted: {},
    context: { usedTokens: context.usedTokens, usableTokens: context.usableTokens, percent, critical: percent >= 90 },
    at: 1,
  } as BoardRender;
}

describe("the status line beside the prompt", () => {
  test("reads the task from the HUD at every density the renderer picks", () => {
    const densities = new Set<string>();
    for (const percent of [10, 75, 95]) {
      const shown = shownAt(percent, "Port the CSV export");
      densities.add(shown.density);
      const line = promptStatus({ status: "shown", shown, off: false }, 80);
      expect(line).toBe(`HUD ${shown.density} ${percent}%${percent >= 90 ? " critical" : ""} · Port the CSV export`);
    }
    expect([...densities].sort()).toEqual(["compact", "full", "minimal"]);
  });

  test("is clipped to its width with an ellipsis, counting characters, not bytes", () => {
    const shown = shownAt(10, "Ünïcödé task ".repeat(10));
    const line = promptStatus({ status: "shown", shown, off: false }, 30);
    expect([...line]).toHaveLength(30);
    expect(line.endsWith("…")).toBe(true);
  });

  test("says off when switched off, and nothing before the first render", () => {
    expect(promptStatus({ status: "off", shown: undefined, off: true }, 30)).toBe("HUD off");
    expect(promptStatus({ status: "none", off: false }, 30)).toBe("");
    expect(promptStatus({ status: "remote", off: false }, 30)).toBe("");
  });
});

test("the person's commands: four, each with its slash name, each running its own action", () => {
  const ran: string[] = [];
  const commands = hudCommands({
    show: () => void ran.push("show"),
    edit: () => void ran.push("edit"),
    off: () => void ran.push("off"),
    on: () => void ran.push("on"),
  });
  expect(commands.map((c) => c.slash)).toEqual(["hud", "hud-edit", "hud-off", "hud-on"]);
  for (const c of commands) void c.run();
  expect(ran).toEqual(["show", "edit", "off", "on"]);
});
