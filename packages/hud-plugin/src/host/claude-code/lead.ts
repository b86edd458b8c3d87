import type { HudConfig } from "../../config/index.ts";
import { instructions } from "../../placement/instructions.ts";

/** The plugin's name in `.claude-plugin/plugin.json`; Claude Code names the MCP tool after it. */
export const PLUGIN_NAME = "agent-hud";
export const TOOL_NAME = `mcp__plugin_${PLUGIN_NAME}_hud__hud`;

/**
 * What the session's first HUD says about itself. Claude Code has no system prompt a plugin may edit, so
 * this travels with the full HUD at session start (and after a compaction, which drops the first one).
 */
export function lead(config: Pick<HudConfig, "memoryFile">): string {
  return instructions({ arrival: "appended", toolName: TOOL_NAME }, config);
}
