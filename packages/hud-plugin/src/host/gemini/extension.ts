// The files of the Gemini CLI extension (`dist/gemini/`) other than the bundled scripts, as data: the build
// writes them, the tests read the same values. Gemini CLI reads an extension's hooks from `hooks/hooks.json`
// under its root and nowhere else, which is why the extension is a folder of its own, not the package's root
// (there that path is Claude Code's).
import { bunServer, hookLauncher, launcherHooks } from "../../hook-process/plugin-files.ts";
import { GEMINI_HOOK_EVENTS } from "./handle.ts";
import { EXTENSION_NAME, SERVER_KEY } from "./names.ts";
import { AGENT_TOOL } from "./subagents.ts";

const ROOT = "${extensionPath}";

export function extensionJson(version: string) {
  return {
    name: EXTENSION_NAME,
    version,
    description:
      "A HUD of the agent's task, decisions, notes, steps, blockers, files and context pressure, at the end of every model call",
    // the project is the workspace Gemini CLI runs in; the server's own working folder is not it
    mcpServers: {
      [SERVER_KEY]: {
        ...bunServer(`${ROOT}/scripts/mcp.js`),
        env: { AGENT_HUD_PROJECT_DIR: "${workspacePath}" },
      },
    },
  };
}

/** Tool hooks that run for `invoke_agent` only (Gemini CLI's matcher is a regular expression on the tool's name). */
const AGENT_TOOL_EVENTS = ["BeforeTool", "AfterTool"];

/**
 * Every hook runs the same launcher; Gemini CLI's timeout is in milliseconds. The tool hooks mark a
 * sub-agent's start and end: matched to its tool, no other tool call starts a hook process.
 */
export function hooksJson() {
  const hooks = launcherHooks(GEMINI_HOOK_EVENTS, ROOT, 10_000);
  for (const event of AGENT_TOOL_EVENTS)
    hooks[event] = (hooks[event] ?? []).map((entry) => ({ matcher: `^${AGENT_TOOL}$`, ...entry }));
  return { hooks };
}

/** The hook launcher: without Bun it reads its input and exits 0, so the turn goes on without the HUD. */
export const HOOK_SH = hookLauncher("Gemini CLI");
