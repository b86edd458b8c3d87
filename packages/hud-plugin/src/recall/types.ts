// The recall module's shapes, apart from the code that fills and reads the index.
import type { Logger } from "../log/index.ts";
import type { Retention } from "./retention.ts";

export type MessageLike = {
  id: string;
  sessionID: string;
  role: string;
  summary?: unknown;
  time?: { created?: number };
};

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

export type RecallClient = {
  session: {
    list?(): Promise<{ data?: Array<{ id: string; time?: { updated?: number } }> }>;
    messages(options: {
      path: { id: string };
    }): Promise<{ data?: Array<{ info: Record<string, unknown>; parts: Array<Record<string, unknown>> }> }>;
  };
};

export type RecallOptions = {
  dir: string;
  projectKey: string;
  retentionDays: number;
  /** What retention drops; defaults to `retentionDays` for every project. */
  retention?: Retention;
  log: Logger;
  now: () => number;
  client?: RecallClient | undefined;
  /** The event store's database file: retention drops old sessions' HUD logs from it too. */
  eventLog?: string;
  /** Applied to every text before it is indexed (the privacy redactor). */
  redact?: (text: string) => string;
};
