// Entry of the `hud` MCP server (bundled as `scripts/mcp.js` in the Codex plugin root).
import { main } from "./mcp-server.ts";

await main();
