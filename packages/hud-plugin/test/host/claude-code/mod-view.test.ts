// The pure parts of agent-hud's Claude Code mod: what the pane draws and what a hud compaction keeps.
import { describe, expect, test } from "bun:test";
import { KEPT_MESSAGES, paneLines, parseAnswer, tailOf } from "../../../src/host/claude-code/mod/view.ts";
import type { SessionMessage } from "../../../src/host/claude-code/mod/types.ts";

const message = (role: "user" | "assistant", text: string, extra: Partial<SessionMessage> = {}): SessionMessage => ({
  role,
  text,
  toolUses: [],
  ...extra,
});

describe("the mod's pane and compaction tail", () => {
  test("the pane shows the status line dim, headings bold, and every HUD line", () => {
    const lines = paneLines({
      off: false,
      markdown: "# Agent HUD\n\n**Task** ship it\n- a note\n",
      line: "ship it · full",
    });
    expect(lines).toEqual([
      { text: "ship it · full", dim: true },
      { text: "Agent HUD", bold: true },
      { text: "**Task** ship it" },
      { text: "- a note" },
    ]);
  });

  test("off, the pane says how to turn it back on and shows no state", () => {
    const lines = paneLines({ off: true, markdown: "secret task", line: "HUD off" });
    expect(lines.map((l) => l.text).join("\n")).not.toContain("secret task");
    expect(lines.at(-1)!.text).toContain("/hud on");
  });

  test("the latest request is the newest typed prompt, never a tool result", () => {
    const messages = [
      message("user", "fix the parser"),
      message("assistant", "", { toolUses: [{ tool: "Bash" }] }),
      message("user", "exit 1", { toolResults: [{}] }),
      ...Array.from({ length: KEPT_MESSAGES }, (_, i) => message("assistant", `step ${i}`)),
    ];
    const tail = tailOf(messages);
    expect(tail.request).toBe("fix the parser");
    expect(tail.turns).toHaveLength(KEPT_MESSAGES);
    expect(tail.turns.at(-1)).toEqual({ role: "assistant", text: `step ${KEPT_MESSAGES - 1}`, tools: [] });
  });

  test("an error result or a non-JSON answer reads as no answer", () => {
    expect(parseAnswer<{ a: number }>({ content: [{ text: '{"a":1}' }], isError: false })).toEqual({ a: 1 });
    expect(parseAnswer({ content: [{ text: '{"a":1}' }], isError: true })).toBeUndefined();
    expect(parseAnswer({ content: [{ text: "hud_mod: bad" }], isError: false })).toBeUndefined();
  });
});
