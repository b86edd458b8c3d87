import {
  BUN_FLAGS,
  bunServer,
  hookLauncher,
  launcherHooks,
  NO_BUN_NOTICE,
  PLUGIN_ABOUT,
  UNSET_BUN_CODE,
} from "../../hook-process/plugin-files.ts";
import { HOOK_EVENTS } from "./handle.ts";
import { PLUGIN_NAME } from "./lead.ts";

/**
 * The files of the Claude Code plugin root (`dist/claude-code/`) other than the bundled scripts, as data:
 * the build writes them, and the tests read the same values.
 */

const ROOT = "${CLAUDE_PLUGIN_ROOT}";

export function pluginJson(version: string) {
  return {
    name: PLUGIN_NAME,
    version,
    ...PLUGIN_ABOUT,
    // every part runs on this machine: the hooks, the MCP server and the mod reach no host
    network: { hosts: [] },
    icon: "./.claude-plugin/icon.png",
  };
}

/** The mod (`src/host/claude-code/mod/`), bundled into one module under `hooks/mod/`. */
export const MOD_DIR = "hooks/mod";
export const MOD_FILE = "register.js";

/**
 * Every hook runs the same script; it checks for Bun first, so a missing runtime is one line, never an error.
 * `modules` is the mod (Claude Code 2.1.328 and later; a path relative to `hooks/`); older versions read
 * only `hooks`.
 */
export function hooksJson() {
  return {
    hooks: launcherHooks(HOOK_EVENTS, ROOT, 10),
    modules: [`./mod/${MOD_FILE}`],
  };
}

/**
 * `alwaysLoad` keeps the server's tools in every request: from 2.1.3xx Claude Code defers MCP tools behind
 * ToolSearch, and a deferred `hud` is never offered to the model. Older versions accept and ignore the field.
 */
export function mcpJson() {
  return { mcpServers: { hud: { ...bunServer(`${ROOT}/scripts/mcp.js`), alwaysLoad: true } } };
}

/** The hook launcher; without Bun it says so once per session. */
export const HOOK_SH = hookLauncher("Claude Code", NO_BUN_NOTICE);

/**
 * The status-line launcher, for a person who installed only the plugin (no `agent-hud` on PATH): Claude Code's
 * `statusLine` setting runs it with the session JSON on stdin. Without Bun it prints one line instead.
 */
export const STATUSLINE_SH = `#!/bin/sh
# agent-hud status line: put this file's path in Claude Code's statusLine setting.
if command -v bun >/dev/null 2>&1; then
  ${UNSET_BUN_CODE}
  exec bun ${BUN_FLAGS.join(" ")} "$(dirname "$0")/statusline-command.js"
fi
cat >/dev/null
echo "HUD: Bun is not installed (https://bun.sh)"
`;

export const HUD_COMMAND = `---
description: Show this session's agent-hud HUD (task, decisions, notes, steps, blockers, files)
---
Call the \`hud\` tool with \`{ "tool": "snapshot" }\` and show me its output exactly as it comes back, in a code block, with no commentary.
`;
