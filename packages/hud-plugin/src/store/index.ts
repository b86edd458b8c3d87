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
