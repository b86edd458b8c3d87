// The plugin's event log. Guarantees callers rely on:
// - no method throws; faults are logged through the injected `log` and degrade to an in-memory buffer;
// - `read` returns durable events then buffered ones (`pending: true`), each stream in append order;
// - buffered events are written, in order and exactly once, by the next successful append/flush;
// - stream names, ids and keys are validated and only ever bound as SQL parameters, never used in paths.
export { EventStore } from "./event-store.ts";
export { defaultDir, DB_FILE } from "./paths.ts";
export { SCHEMA_VERSION } from "./schema.ts";
export type {
  EventStoreOptions,
  HudEvent,
  LastSession,
  LogLevel,
  SessionInfo,
  StoredEvent,
  StoreLog,
  StoreSeams,
  StoreStatus,
} from "./types.ts";
export {
  isProjectKey,
  isSessionID,
  isStreamName,
  projectKeyFor,
  projectStream,
  sessionStream,
  validateSessionID,
} from "./validate.ts";
// The board's storage: the renders the person's views lay out (`../board/publish.ts` writes them), in its own database file.
export { HudBoard, type BoardLog } from "./board.ts";
export { parseBoardRender, BoardRender, type BoardRenderKind } from "./board-render.ts";
