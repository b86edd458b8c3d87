// The recall module's shapes, apart from the code that fills and reads the index.
import type { MessageEvent, PartEvent } from "../events/host-event.ts";
import type { Logger } from "../log/index.ts";
import type { Retention } from "./retention.ts";

/** One indexed text: `m<id>` for a message part, `e<id>` for a HUD event. */
export type Doc = {
  id: number;
  kind: "part" | "event";
  session: string | null;
  source: string;
  at: number;
  /** The session's user messages up to it (null for the project's own HUD items). */
  turn: number | null;
  /** The session's compactions (summary messages) up to it. */
  epoch: number;
  body: string;
};
export type Hit = Omit<Doc, "body"> & { snippet: string };
export type Compaction = { id: string; at: number; turn: number; text: string };
export type SearchScope = { session: string } | { project: true };

/**
 * What a host can read back of its conversations, in the port's shapes: sessions with their last update,
 * and a session's messages with their parts (opencode 1: through its SDK client, `host/v1/history.ts`).
 */
export type RecallHistory = {
  sessions?(): Promise<Array<{ id: string; updated?: number | undefined }>>;
  messages(session: string): Promise<Array<{ message: MessageEvent | undefined; parts: PartEvent[] }>>;
};

export type RecallOptions = {
  dir: string;
  projectKey: string;
  retentionDays: number;
  /** What retention drops; defaults to `retentionDays` for every project. */
  retention?: Retention;
  log: Logger;
  now: () => number;
  /** Where sessions changed while no plugin watched are read back from. */
  history?: RecallHistory | undefined;
  /** The event store's database file: retention drops old sessions' HUD logs from it too. */
  eventLog?: string;
  /** Applied to every text before it is indexed (the privacy redactor). */
  redact?: (text: string) => string;
};
