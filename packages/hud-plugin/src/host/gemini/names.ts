export const EXTENSION_NAME = "agent-hud";
/** The branch whose root is the built extension (scripts/gemini-release.ts): `--ref` of a git install. */
export const RELEASE_BRANCH = "gemini-extension";
/** The MCP server's key in `mcpServers`: Gemini CLI offers its tool as `mcp_<key>_<tool>`. */
export const SERVER_KEY = "hud";
export const GEMINI_HUD_TOOL = `mcp_${SERVER_KEY}_hud`;
/** The adapter's folder in the data folder: its hook log and the hooks' sockets. */
export const HOST_FOLDER = "gemini";
