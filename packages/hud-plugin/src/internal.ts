// Repository-internal entry (`@agent-hud/hud-plugin/internal`) for the benchmarks, which drive the real
// hooks and the real store without a build. Not published: opencode loads `./server`.
export { createHooks } from "./plugin.ts";
export { EventStore } from "./store/index.ts";
export { HudBoard, shownOf, treeOf } from "./board/index.ts";
export type { Logger } from "./log/index.ts";
export { MemoryFileSync } from "./memory-file/index.ts";
export { Recall } from "./recall/index.ts";
export { RECALL_FILE } from "./recall/schema.ts";
export { StreamCache } from "./runtime/stream-cache.ts";
export { HudDesk } from "./tui/desk.ts";
export { memoRows } from "./tui/memo-rows.ts";
