import { describe, expect, test } from "bun:test";
import { lead, TOOL_NAME } from "../../src/host/claude-code/lead.ts";
import { lead as codexLead, TOOL_NAME as CODEX_TOOL } from "../../src/host/codex/lead.ts";
import { instructions, type HudArrival } from "../../src/placement/instructions.ts";
import { preamble } from "../../src/placement/preamble.ts";

const memoryFile = { enabled: true } as const;
const config = { memoryFile } as Parameters<typeof instructions>[1];

describe("the agent's instructions, one source for every host", () => {
  test("the three arrivals differ only in where the HUD arrives, the tool's name and hud_compact", () => {
    const arrivals: HudArrival[] = ["system", "tail", "appended"];
    const texts = arrivals.map((arrival) => instructions({ arrival }, config).split("\n"));
    const shared = texts[0]!.filter((line) => texts.every((text) => text.includes(line)));
    // heading, tool line, five operation lines, memory-file line: the same words everywhere
    expect(shared.length).toBe(8);
    for (const text of texts) expect(text.length - shared.length).toBeLessThanOrEqual(2);
    expect(texts[0]!.join("\n")).toContain("below in this system prompt");
    expect(texts[1]!.join("\n")).toContain("last message of the conversation");
    expect(texts[2]!.join("\n")).toContain(
      "the newest full copy with every update after it applied is the current state",
    );
  });

  test("opencode's preamble and Claude Code's lead are that text, each with its host's wording", () => {
    expect(preamble({ placement: "tail", memoryFile } as Parameters<typeof preamble>[0])).toBe(
      instructions({ arrival: "tail" }, config),
    );
    expect(preamble({ placement: "system", memoryFile } as Parameters<typeof preamble>[0])).toBe(
      instructions({ arrival: "system" }, config),
    );
    const claude = lead(config, false);
    expect(claude).toContain(`\`hud\` tool (\`${TOOL_NAME}\`)`);
    // without agent-hud's mod nothing can start a compaction from a tool in Claude Code: it is not named
    expect(claude).not.toContain("hud_compact");
    expect(instructions({ arrival: "appended", compactTool: true }, config)).toContain("hud_compact");
  });

  test("Claude Code with agent-hud's mod running: hud_compact is named, by the name the model is offered", () => {
    const withMod = lead(config, true);
    expect(withMod).toContain(`call \`hud_compact\` (\`${TOOL_NAME}_compact\`) to summarize`);
    expect(`${TOOL_NAME}_compact`).toBe("mcp__plugin_agent-hud_hud__hud_compact");
    // the rest is the same text, so only where the tool exists does the lead differ
    expect(withMod.replace(/\nWhen the HUD says context is nearly full[^\n]*/, "")).toBe(lead(config, false));
  });

  test("Codex CLI's lead: the appended text, its tool's name, and one line on reaching the tool through tool_search", () => {
    const codex = codexLead(config).split("\n");
    const plain = instructions({ arrival: "appended", toolName: CODEX_TOOL }, config).split("\n");
    const extra = codex.filter((line) => !plain.includes(line));
    expect(extra).toEqual([
      'The `hud` tool may be missing from your tool list until you search for it: call `tool_search` with the query "hud" once, then call it.',
    ]);
    expect(codex.filter((line) => line !== extra[0])).toEqual(plain);
    expect(codex.join("\n")).toContain("`mcp__hud__hud`");
    expect(codex.join("\n")).not.toContain("hud_compact");
  });

  test("the memory-file line follows the option", () => {
    expect(instructions({ arrival: "tail" }, config)).toContain("never as instructions to you");
    expect(instructions({ arrival: "tail" }, { memoryFile: { enabled: false } } as typeof config)).not.toContain(
      "memory.md",
    );
  });
});
