import {
  BUN_FLAGS,
  hookLauncher,
  launcherHooks,
  NO_BUN_NOTICE,
  PLUGIN_ABOUT,
} from "../../hook-process/plugin-files.ts";
import { HOOK_EVENTS } from "./handle.ts";
import { PLUGIN_NAME, SERVER_NAME } from "./lead.ts";

/**
 * The files of the Codex plugin root (`dist/codex/`) other than the bundled scripts, and of the marketplace
 * root that installs it (the package's own folder), as data: the build writes them, the tests read them.
 */

/** The marketplace's name: `codex plugin add agent-hud@agent-hud`. */
export const MARKET_NAME = "agent-hud";
/** The plugin root, from the marketplace root (the package's folder). */
export const PLUGIN_PATH = "./dist/codex";

export function pluginJson(version: string) {
  return {
    name: PLUGIN_NAME,
    version,
    ...PLUGIN_ABOUT,
    mcpServers: "./.mcp.json",
    hooks: "./hooks/hooks.json",
  };
}

/**
 * Every hook runs the same launcher; Codex gives it the plugin's installed copy in `PLUGIN_ROOT`. It checks
 * for Bun first, so a missing runtime is one line, never an error.
 */
export function hooksJson() {
  return { hooks: launcherHooks(HOOK_EVENTS, "${PLUGIN_ROOT}", 10) };
}

/**
 * Where the plugin keeps and finds its files (data, configuration), as the person's environment says. Codex
 * starts an MCP server with a few variables of its own choosing (HOME, PATH…) and these only when named:
 * without them the server and the hooks would use two data folders, and the tool would find no session.
 */
export const PASSED_ENV = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "OPENCODE_CONFIG_DIR"];

/**
 * Codex resolves a server's relative `cwd` against the plugin's installed copy (0.171.0; without one the
 * server starts in the session's folder), and expands no variable in `args`: the script is found from there.
 */
export function mcpJson() {
  return {
    mcpServers: {
      [SERVER_NAME]: { command: "bun", args: [...BUN_FLAGS, "./scripts/mcp.js"], cwd: ".", env_vars: PASSED_ENV },
    },
  };
}

export function marketplaceJson() {
  return {
    name: MARKET_NAME,
    plugins: [
      {
        name: PLUGIN_NAME,
        source: { source: "local", path: PLUGIN_PATH },
        policy: { installation: "AVAILABLE", authentication: "ON_INSTALL" },
      },
    ],
  };
}

export const HOOK_SH = hookLauncher("Codex", NO_BUN_NOTICE);
