// Entry of the `hud` MCP server (bundled as `scripts/mcp.js` in the Claude Code plugin root).
import { leanJit } from "../lean-jit.ts";

leanJit();
// imported after the relaunch, so the first process does not load the runtime for nothing
const { main } = await import("./mcp-server.ts");
await main();
