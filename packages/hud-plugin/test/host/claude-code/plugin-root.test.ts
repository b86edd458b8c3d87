import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunServer } from "../../../src/hook-process/plugin-files.ts";
import { HOOK_EVENTS } from "../../../src/host/claude-code/handle.ts";
import { underPackageRoot } from "../../../src/host/claude-code/package-root.ts";
import { HOOK_SH, STATUSLINE_SH, hooksJson, mcpJson, pluginJson } from "../../../src/host/claude-code/plugin-root.ts";

describe("the Claude Code plugin root", () => {
  test("names the plugin agent-hud, so the tool is mcp__plugin_agent-hud_hud__hud", () => {
    expect(pluginJson("1.2.3")).toMatchObject({ name: "agent-hud", version: "1.2.3" });
    expect(mcpJson().mcpServers.hud.args.at(-1)).toBe("${CLAUDE_PLUGIN_ROOT}/scripts/mcp.js");
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

  test("states its author and that it reaches no network host, as `claude plugin validate` asks", () => {
    expect(pluginJson("1.2.3")).toMatchObject({ author: { name: "agent-hud" }, network: { hosts: [] } });
  });

  test("the package root's manifests run the built root's scripts: every path moves under dist/claude-code", () => {
    const mcp = underPackageRoot(mcpJson());
    expect(mcp.mcpServers.hud).toMatchObject(bunServer("${CLAUDE_PLUGIN_ROOT}/dist/claude-code/scripts/mcp.js"));
    const commands = Object.values(underPackageRoot(hooksJson()).hooks).flatMap((m) =>
      m[0]!.hooks.map((h) => h.command),
    );
    expect(commands).toHaveLength(HOOK_EVENTS.length);
    for (const command of commands)
      expect(command).toStartWith('sh "${CLAUDE_PLUGIN_ROOT}/dist/claude-code/scripts/hook.sh" ');
    // a hooks file's modules are paths relative to the hooks file, other strings are not paths
    const hooks = { modules: ["./register.js"], description: "./ is not a path here" };
    expect(underPackageRoot(hooks, "hooks")).toEqual({
      modules: ["../dist/claude-code/hooks/register.js"],
      description: "./ is not a path here",
    });
    expect(underPackageRoot({ modules: ["../scripts/mod.js"] }, "hooks").modules).toEqual([
      "../dist/claude-code/scripts/mod.js",
    ]);
    expect(underPackageRoot(pluginJson("1.2.3"))).toEqual(pluginJson("1.2.3"));
  });

  test("without Bun the status-line launcher prints one line and exits 0", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-statusline-"));
    writeFileSync(join(dir, "statusline.sh"), STATUSLINE_SH);
    const run = spawnSync("/bin/sh", [join(dir, "statusline.sh")], {
      input: "{}",
      env: { PATH: "/nonexistent" },
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("HUD: Bun is not installed (https://bun.sh)\n");
  });
});

describe("the plugin root's mod and directory files", () => {
  test("hooks.json names the bundled mod beside the settings hooks, and the manifest declares no network host", () => {
    expect(hooksJson().modules).toEqual(["./mod/register.js"]);
    expect(pluginJson("1.0.0")).toMatchObject({ author: { name: "agent-hud" }, network: { hosts: [] } });
  });

  test("the icon is a square PNG of 512 px", () => {
    // the icon the build copies into both plugin roots
    const png = readFileSync(new URL("../../../assets/icon.png", import.meta.url).pathname);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});
