// Entry of the hook process (bundled as `scripts/hook.js` in the Codex plugin root).
import { main } from "./hook-entry.ts";

// no top-level await: the hook is bundled as CommonJS, for its bytecode (build-host-root.ts); the process
// exits from inside main, whatever happens
void main();
