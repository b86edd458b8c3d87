import type { HudEvent } from "@agent-hud/hud-components";
import type { Database } from "bun:sqlite";

// The plugin validates events against the schema before they reach the log; the store itself only
// relies on what every event carries (a `kind` and a caller-supplied `at`), checked in validate.ts.
export type { HudEvent };

export type LogLevel = "debug" | "info" | "warn" | "error";
export type StoreLog = (level: LogLevel, msg: string, extra?: Record<string, unknown>) => void;

/**
 * One entry of a stream. `pending` entries are recorded in memory but not yet in the database;
 * their `seq` is provisional and becomes final when they are flushed (it stays the same unless
 * another process wrote to the database in the meantime).
 */
export interface StoredEvent {
  seq: number;
  event: HudEvent;
  pending?: true;
}

export interface SessionInfo {
  sessionID: string;
  projectKey: string;
  parentID?: string;
  now: number;
  /** The plugin instance touching the session (see runtime/liveness.ts); the latest touch's holder is kept. */
  holder?: string;
}

export interface LastSession {
  sessionID: string;
  updatedAt: number;
  holder?: string;
}

/** Test seams: they let tests produce real SQLite faults without privileges the test may not have. */
export interface StoreSeams {
  /** Runs on every freshly opened connection (e.g. cap `max_page_count` to get a real SQLITE_FULL). */
  afterOpen?: (db: Database) => void;
  /** When it returns true the connection is opened read-only, as SQLite does for an unwritable file. */
  forceReadonly?: () => boolean;
  /** Clock for retry back-off and quarantine file names. */
  now?: () => number;
}

export interface EventStoreOptions {
  /** Directory of the database file; defaults to `${XDG_DATA_HOME:-~/.local/share}/opencode/hud`. */
  dir?: string;
  /** How long a write waits for another process's lock before it is buffered instead. */
  busyTimeoutMs?: number;
  log?: StoreLog;
  /** First back-off after a failed write; doubles up to 32x. 0 retries on every call. */
  retryAfterMs?: number;
  seams?: StoreSeams;
}

export interface StoreStatus {
  path: string;
  /** `durable`: writes reach the database; `degraded`: writes are buffered in memory. */
  mode: "durable" | "degraded";
  readonly: boolean;
  pending: number;
  lastError?: string;
}
