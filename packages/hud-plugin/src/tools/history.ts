import { formatHistory, operationsByName, shapeOf, type HistoryEntry } from "@agent-hud/hud-components";
import { Value } from "@sinclair/typebox/value";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";

const DEFAULT_LIMIT = 20;

/** `hud history`: recent events of the session and its project, newest last, read from the store. */
export function answerHistory(runtime: HudRuntime, session: SessionRuntime, args: unknown): string {
  const schema = operationsByName.get("history")!.args;
  const given = args ?? {};
  if (!Value.Check(schema, given))
    throw new Error(`history: bad args ${JSON.stringify(given).slice(0, 80)}; expected ${shapeOf(schema)}`);
  const limit = (given as { limit?: number }).limit ?? DEFAULT_LIMIT;
  const store = runtime.deps.store;
  const entries: HistoryEntry[] = [
    ...store.read(session.cache.stream).map((e) => ({ ...e, scope: "session" as const })),
    ...store.read(`project:${runtime.deps.projectKey}`).map((e) => ({ ...e, scope: "project" as const })),
  ]
    .filter((e) => e.event.kind !== "turn")
    .map((e) => ({ seq: e.seq, scope: e.scope, event: e.event as HistoryEntry["event"] }))
    .sort((a, b) => a.event.at - b.event.at || a.seq - b.seq);
  return formatHistory(entries, limit);
}
