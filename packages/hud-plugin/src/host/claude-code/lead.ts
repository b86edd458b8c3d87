import type { HudConfig } from "../../config/index.ts";
import { compactInstruction, instructions } from "../../placement/instructions.ts";

/** The plugin's name in `.claude-plugin/plugin.json`; Claude Code names the MCP tool after it. */
export const PLUGIN_NAME = "agent-hud";
export const TOOL_NAME = `mcp__plugin_${PLUGIN_NAME}_hud__hud`;

/**
 * What the session's first HUD says about itself. Claude Code has no system prompt a plugin may edit, so
 * this travels with the full HUD at session start (and after a compaction, which drops the first one).
 * `hud_compact` is named only where agent-hud's mod runs (`mod-version.ts`, mods on): only the mod can
 * start the compaction it asks for, and without it the tool answers that it cannot.
 */
export function lead(config: Pick<HudConfig, "memoryFile">, modRunning: boolean): string {
  return instructions({ arrival: "appended", toolName: TOOL_NAME, compactTool: modRunning }, config);
}

/** `hud_compact`'s line alone, for a conversation whose lead was written before the mod said hello. */
export const compactLead = (): string => compactInstruction(TOOL_NAME);
