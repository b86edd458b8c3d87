import type { Plugin } from "@opencode-ai/plugin";
import { createHooks } from "./plugin.ts";

// opencode rejects a plugin module whose named exports include anything but functions, so the module
// exposes only this default object.
const server: Plugin = (input, options) => createHooks(input, options);

export default { id: "agent-hud", server };
