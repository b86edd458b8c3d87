import type { HudConfig } from "../../config/index.ts";
import { instructions } from "../../placement/instructions.ts";

/** The plugin's name (`.codex-plugin/plugin.json`) and its MCP server's (`.mcp.json`). */
export const PLUGIN_NAME = "agent-hud";
export const SERVER_NAME = "hud";
/** How Codex names the server's `hud` tool to the model and in PostToolUse. */
export const TOOL_NAME = `mcp__${SERVER_NAME}__hud`;
/** Codex defers MCP tools behind this tool (every bundled model): the agent must search before calling `hud`. */
export const SEARCH_TOOL = "tool_search";

/**
 * What the first HUD of a context says about itself. No plugin may edit Codex's system prompt, so this
 * travels with each full copy that opens a context (start, resume, compaction). `hud_compact` is not
 * offered: nothing in Codex lets a plugin start a compaction.
 */
export function lead(config: Pick<HudConfig, "memoryFile">): string {
  return instructions(
    { arrival: "appended", toolName: TOOL_NAME, compactTool: false, searchTool: SEARCH_TOOL },
    config,
  );
}
