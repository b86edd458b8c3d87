import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_EVENTS } from "../../../src/host/claude-code/handle.ts";
import { HOOK_SH, hooksJson, mcpJson, pluginJson } from "../../../src/host/claude-code/plugin-root.ts";
import { iconPng } from "../../../src/host/claude-code/icon.ts";

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

describe("the plugin root's mod and directory files", () => {
  test("hooks.json names the bundled mod beside the settings hooks, and the manifest declares no network host", () => {
    expect(hooksJson().modules).toEqual(["./mod/register.js"]);
    expect(pluginJson("1.0.0")).toMatchObject({ author: { name: "agent-hud" }, network: { hosts: [] } });
  });

  test("the icon is a square PNG of 512 px", () => {
    const png = iconPng();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});
