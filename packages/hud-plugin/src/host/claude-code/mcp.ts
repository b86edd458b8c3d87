// Entry of the `hud` MCP server (bundled as `scripts/mcp.js` in the Claude Code plugin root).
import { leanHeap } from "../../hook-process/lean-heap.ts";
import { leanJit } from "../lean-jit.ts";

leanJit();
leanHeap();
// imported after the relaunch, so the first process does not load the runtime for nothing
const { main } = await import("./mcp-server.ts");
await main();
