import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_EVENTS } from "../../../src/host/claude-code/handle.ts";
import { HOOK_SH, hooksJson, mcpJson, pluginJson } from "../../../src/host/claude-code/plugin-root.ts";

describe("the Claude Code plugin root", () => {
  test("names the plugin agent-hud, so the tool is mcp__plugin_agent-hud_hud__hud", () => {
    expect(pluginJson("1.2.3")).toMatchObject({ name: "agent-hud", version: "1.2.3" });
    expect(mcpJson().mcpServers.hud.args[0]).toBe("${CLAUDE_PLUGIN_ROOT}/scripts/mcp.js");
  });

  test("registers every hook the adapter handles and nothing that changes earlier request content", () => {
    const events = Object.keys(hooksJson().hooks);
    expect(events).toEqual([...HOOK_EVENTS]);
    for (const never of ["PreToolUse", "PostToolUse", "Stop", "SubagentStop"]) expect(events).not.toContain(never);
  });

  test("without Bun the launcher exits 0, says so once at session start, and is silent otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-launcher-"));
    writeFileSync(join(dir, "hook.sh"), HOOK_SH);
    const run = (event: string) =>
      spawnSync("/bin/sh", [join(dir, "hook.sh"), event], {
        input: "{}",
        env: { PATH: "/nonexistent" },
        encoding: "utf8",
      });
    const start = run("SessionStart");
    expect(start.status).toBe(0);
    expect(JSON.parse(start.stdout).systemMessage).toContain("Bun is not installed");
    const batch = run("PostToolBatch");
    expect(batch.status).toBe(0);
    expect(batch.stdout).toBe("");
  });
});
