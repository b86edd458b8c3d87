// Repository-internal entry (`@agent-hud/hud-plugin/internal`) for the benchmarks, which drive the real
// hooks and the real store without a build. Not published: opencode loads `./server`.
export { createHooks } from "./plugin.ts";
// the token-count bench renders through the runtime as a host process does
export { openHud } from "./runtime/open.ts";
export { hudTool } from "./tools/hud.ts";
export { EventStore } from "./store/index.ts";
export { HudBoard } from "./store/index.ts";
export { boardPublisher, boardRenderOf, type BoardPublisher } from "./board/publish.ts";
export type { Logger } from "./log/index.ts";
export { MemoryFileSync } from "./memory-file/index.ts";
export { MAX_LINES, MAX_MEMORY_BYTES, readMemoryText } from "./memory-file/safe-read.ts";
export { createRedactor } from "./privacy/index.ts";
export { Recall, RecallIndex } from "./recall/index.ts";
// the CLI's purge, timed by the bench over a year-sized data folder
export { purge } from "./cli/purge.ts";
export type { HostEvent } from "./events/host-event.ts";
export { RECALL_FILE } from "./recall/schema.ts";
export { STOP_WORDS } from "./recall/stop-words.ts";
export { StreamCache } from "./runtime/stream-cache.ts";
export { BoardReader } from "./board/reader.ts";
export { memoRows } from "./board/memo-rows.ts";
// opencode 2's entry, for the bench's V2 figures (driven through a simulated V2 context there).
export { setup as setupV2, type V2Host } from "./host/v2/index.ts";
// agent components: the sandbox pieces the bench times one by one
export { ComponentSandbox } from "./agent-components/sandbox.ts";
export { newEngine, ENGINE_MEMORY_BYTES } from "./agent-components/quickjs.ts";
export { transpile } from "./agent-components/transpile.ts";
export { ComponentRunner, renderOnce } from "./agent-components/runner.ts";
export { AgentComponents, rendersSettled } from "./agent-components/registry.ts";
export { AcceptanceStore } from "./component-files/acceptance.ts";
export { reviewComponents } from "./component-files/review.ts";
export { SandboxProcess } from "./agent-components/sandbox-client.ts";
export { limits as componentLimits } from "./agent-components/limits.ts";
// the cache ledger: its hot-path hashing, timed alone beside the hooks with the ledger on and off
export { hashSystem, SessionLedger } from "./cache-ledger/index.ts";
export { hashV1Messages } from "./host/v1/message-hashes.ts";
export { CacheLedgers } from "./cache-ledger/ledgers.ts";
