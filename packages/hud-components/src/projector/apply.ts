import { agentEditKinds, type HudEvent, type HudEventKind } from "../events/hud-event.ts";
import { emptyState, type HudState } from "../state/hud-state.ts";
import type { Scope } from "../state/items.ts";
import { handlers } from "./handlers/index.ts";
import type { Handler } from "./handlers/handler.ts";
import { resolveProjectorOptions, type ProjectorOptions } from "./options.ts";
import type { ApplyResult } from "./result.ts";

// Bookkeeping kinds move staleness/usage data and tool results, none of which a built-in section shows.
const bookkeeping: ReadonlySet<HudEventKind> = new Set<HudEventKind>(["turn", "context.snapshot", "tool.result"]);

// Text an item cannot exist without; whitespace-only values would render as empty bullets.
const requiredText = ["description", "summary", "content", "path"] as const;

function blankField(event: HudEvent): string | undefined {
  for (const key of requiredText) {
    const value = (event as Record<string, unknown>)[key];
    if (typeof value === "string" && !value.trim() && event.kind !== "compact.after") return key;
  }
  return undefined;
}

/**
 * Fold one event into a state. Pure: the input state is never mutated, unchanged sections keep their
 * identity (render caches rely on that), and a missing target id is a reported no-op, never a throw.
 */
export function applyEvent(state: HudState, event: HudEvent, options?: ProjectorOptions): ApplyResult {
  const handler = handlers[event.kind] as Handler<HudEventKind> | undefined;
  if (!handler) return { state, outcome: { ok: false, reason: `unknown event kind "${String(event.kind)}"` } };
  const blank = blankField(event);
  if (blank) return { state, outcome: { ok: false, reason: `${blank} is empty; expected non-blank text` } };
  const result = handler(state, event as never, resolveProjectorOptions(options));
  if (!result.outcome.ok) return result;
  // an edit made by the person (or pulled from the memory file) does not make the agent's HUD look fresh
  const agentEdit = agentEditKinds.has(event.kind) && (event.by === undefined || event.by === "agent");
  if (result.state === state && !agentEdit) return result;
  let next = result.state === state ? { ...state } : result.state;
  next.updatedAt = Math.max(next.updatedAt ?? event.at, event.at);
  if (!bookkeeping.has(event.kind) && result.state !== state) next.rev = state.rev + 1;
  if (agentEdit) {
    next = {
      ...next,
      agentUpdatedAt: event.at,
      agentEdits: state.agentEdits + 1,
      agentEditTurn: next.turns,
    };
  }
  return { state: next, outcome: result.outcome };
}

/** Fold a whole log from an empty state of the given scope; the same log always yields the same state. */
export function replay(scope: Scope, events: readonly HudEvent[], options?: ProjectorOptions): HudState {
  let state = emptyState(scope);
  for (const event of events) state = applyEvent(state, event, options).state;
  return state;
}
