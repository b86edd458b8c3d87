// Repository-internal entry (`@agent-hud/hud-plugin/internal`) for the benchmarks, which drive the real
// hooks and the real store without a build. Not published: opencode loads `./server`.
export { createHooks } from "./plugin.ts";
export { EventStore } from "./store/index.ts";
