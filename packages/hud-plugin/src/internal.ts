// Repository-internal entry (`@agent-hud/hud-plugin/internal`) for the benchmarks, which drive the real
// hooks and the real store without a build. Not published: opencode loads `./server`.
export { createHooks } from "./plugin.ts";
export { EventStore } from "./store/index.ts";
// opencode 2's entry, for the bench's V2 figures (driven through a simulated V2 context there).
export { setup as setupV2, type V2Context } from "./host/v2/index.ts";
