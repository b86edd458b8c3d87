// Entry of the hook process (bundled as `scripts/hook.js` in the Codex plugin root).
import { main } from "./hook-entry.ts";

await main();
