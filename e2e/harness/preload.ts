// Preloaded by `bun test` here (bunfig.toml): every e2e run starts from a bundle built from the current sources.
import { afterAll } from "bun:test";
import { join } from "node:path";
import { CLAUDE_PLUGIN_ROOT } from "./claude.ts";
import { CODEX_PLUGIN_ROOT } from "./codex.ts";
import { ensureFreshBundle } from "./fresh-build.ts";
import { GEMINI_EXTENSION_ROOT } from "./gemini.ts";
import { stopSharedHost } from "./shared-host.ts";

ensureFreshBundle();
// the same build writes Claude Code's plugin root; a bundle from before that root existed is stale too
ensureFreshBundle({ bundle: join(CLAUDE_PLUGIN_ROOT, "scripts", "hook.js") });
ensureFreshBundle({ bundle: join(GEMINI_EXTENSION_ROOT, "scripts", "hook.js") });
// and Codex's
ensureFreshBundle({ bundle: join(CODEX_PLUGIN_ROOT, "scripts", "hook.js") });
// a batch's shared opencode (harness/shared-host.ts) goes after its last file
afterAll(stopSharedHost);
