import { planOperation } from "@agent-hud/hud-components";
import type { HookContext } from "../runtime/hook-context.ts";

/**
 * Self-continuity framing: the summary is written by the agent for itself, and the HUD state travels
 * intact on its own, so the summary can spend its words on what the HUD does not hold.
 */
export function compactionFraming(snapshot: string): string {
  return [
    "## Your HUD (durable working state)",
    "You are summarizing your own work so that you can continue it yourself after this compaction. The HUD state below is stored outside the conversation and will be shown to you again, complete, on every call after the compaction.",
    "Do not copy it into the summary. Instead, record what the HUD lacks: what you tried and learned, why the current approach was chosen, exact error messages, file locations and the precise point where you stopped.",
    "",
    snapshot.trimEnd(),
  ].join("\n");
}

/** Marks the session as compacting, records it, and returns the HUD snapshot the summary request gets. */
export function compactionSnapshot(ctx: HookContext, sessionID: string): string | undefined {
  const session = ctx.runtime.session(sessionID);
  session.compacting = true;
  ctx.runtime.record(session, [{ scope: "session", event: { kind: "compact.before", at: ctx.now() } }]);
  const result = planOperation(ctx.runtime.view(session), { tool: "snapshot" }, { now: ctx.now() });
  return result.ok && "output" in result ? result.output : undefined;
}

export function sessionCompacting(ctx: HookContext) {
  return async (input: { sessionID: string }, output: { context: string[]; prompt?: string }): Promise<void> => {
    const snapshot = compactionSnapshot(ctx, input.sessionID);
    if (snapshot !== undefined) output.context.push(compactionFraming(snapshot));
  };
}
