// Preloaded by `bun test` here (bunfig.toml): every e2e run starts from a bundle built from the current sources.
import { join } from "node:path";
import { CLAUDE_PLUGIN_ROOT } from "./claude.ts";
import { ensureFreshBundle } from "./fresh-build.ts";

ensureFreshBundle();
// the same build writes Claude Code's plugin root; a bundle from before that root existed is stale too
ensureFreshBundle({ bundle: join(CLAUDE_PLUGIN_ROOT, "scripts", "hook.js") });
