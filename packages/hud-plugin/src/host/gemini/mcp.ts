// Entry of the `hud` MCP server (bundled as `scripts/mcp.js` in the Gemini CLI extension).
import { main } from "./mcp-server.ts";

await main();
