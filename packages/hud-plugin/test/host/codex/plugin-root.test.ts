import { describe, expect, test } from "bun:test";
import { BUN_FLAGS } from "../../../src/hook-process/plugin-files.ts";
import { HOOK_EVENTS } from "../../../src/host/codex/handle.ts";
import { TOOL_NAME } from "../../../src/host/codex/lead.ts";
import { hooksJson, marketplaceJson, mcpJson, PASSED_ENV, pluginJson } from "../../../src/host/codex/plugin-root.ts";

describe("the Codex plugin root and its marketplace", () => {
  test("the manifest names its MCP servers and hooks; every hook runs the launcher from the installed copy", () => {
    expect(pluginJson("1.2.3")).toMatchObject({
      name: "agent-hud",
      version: "1.2.3",
      mcpServers: "./.mcp.json",
      hooks: "./hooks/hooks.json",
    });
    const hooks = hooksJson().hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    expect(Object.keys(hooks)).toEqual([...HOOK_EVENTS]);
    for (const event of HOOK_EVENTS)
      expect(hooks[event]![0]!.hooks[0]!.command).toBe(`sh "\${PLUGIN_ROOT}/scripts/hook.sh" ${event}`);
  });

  test("the server starts in the installed copy (cwd '.'), so its script path is relative; the tool is named after the server", () => {
    expect(mcpJson()).toEqual({
      mcpServers: { hud: { command: "bun", args: [...BUN_FLAGS, "./scripts/mcp.js"], cwd: ".", env_vars: PASSED_ENV } },
    });
    // the data folder's variable reaches the server, or it and the hooks would keep two stores
    expect(PASSED_ENV).toContain("XDG_DATA_HOME");
    expect(TOOL_NAME).toBe("mcp__hud__hud");
  });

  test("the marketplace installs the plugin root under dist/ of the package folder", () => {
    expect(marketplaceJson()).toEqual({
      name: "agent-hud",
      plugins: [
        {
          name: "agent-hud",
          source: { source: "local", path: "./dist/codex" },
          policy: { installation: "AVAILABLE", authentication: "ON_INSTALL" },
        },
      ],
    });
  });
});
