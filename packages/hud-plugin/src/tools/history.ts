import { formatHistory, type HistoryArgs, type HistoryEntry } from "@agent-hud/hud-components";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";

const DEFAULT_LIMIT = 20;

// A memory file write, or a read that found no change, only records the file's new hash: history
// leaves those out and keeps the reads that changed items or found something unreadable.
const isBookkeeping = (event: Record<string, unknown>) =>
  event.kind === "memory.sync" &&
  (event.by === undefined || !["add", "update", "remove", "problem"].some((field) => field in event));

/** `hud history`: recent events of the session and its project, newest last, read from the store. */
export function answerHistory(runtime: HudRuntime, session: SessionRuntime, args: HistoryArgs): string {
  const store = runtime.deps.store;
  const entries: HistoryEntry[] = [
    ...store.read(session.cache.stream).map((e) => ({ ...e, scope: "session" as const })),
    ...store.read(`project:${runtime.deps.projectKey}`).map((e) => ({ ...e, scope: "project" as const })),
  ]
    .filter((e) => e.event.kind !== "turn" && !isBookkeeping(e.event))
    .map((e) => ({ seq: e.seq, scope: e.scope, event: e.event as HistoryEntry["event"] }))
    .sort((a, b) => a.event.at - b.event.at || a.seq - b.seq);
  return formatHistory(entries, args.limit ?? DEFAULT_LIMIT);
}
