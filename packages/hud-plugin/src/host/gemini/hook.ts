// Entry of the hook process (bundled as `scripts/hook.js` in the Gemini CLI extension).
import { main } from "./hook-entry.ts";

await main();
