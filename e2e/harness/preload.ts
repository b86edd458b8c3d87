// Preloaded by `bun test` here (bunfig.toml): every e2e run starts from a bundle built from the current sources.
import { ensureFreshBundle } from "./fresh-build.ts";

ensureFreshBundle();
