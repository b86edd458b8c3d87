import { formatHistory, type HistoryArgs, type HistoryEntry } from "@agent-hud/hud-components";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";

const DEFAULT_LIMIT = 20;

/** `hud history`: recent events of the session and its project, newest last, read from the store. */
export function answerHistory(runtime: HudRuntime, session: SessionRuntime, args: HistoryArgs): string {
  const store = runtime.deps.store;
  const entries: HistoryEntry[] = [
    ...store.read(session.cache.stream).map((e) => ({ ...e, scope: "session" as const })),
    ...store.read(`project:${runtime.deps.projectKey}`).map((e) => ({ ...e, scope: "project" as const })),
  ]
    .filter((e) => e.event.kind !== "turn")
    .map((e) => ({ seq: e.seq, scope: e.scope, event: e.event as HistoryEntry["event"] }))
    .sort((a, b) => a.event.at - b.event.at || a.seq - b.seq);
  return formatHistory(entries, args.limit ?? DEFAULT_LIMIT);
}
