import type { Plugin } from "@opencode-ai/plugin";
import { createHooks } from "./hooks.ts";

/** What a V1 host (opencode 1.x) calls: `server(input, options)` returns the hooks. */
export const server: Plugin = (input, options) => createHooks(input, options);
