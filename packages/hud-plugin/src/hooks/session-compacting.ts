// the snapshot operation's own text, without the operation router (its catalog and argument schemas): a hook
// process that compacts loads the renderer only
import { formatSnapshot } from "@agent-hud/hud-components/internal";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { hudOff } from "../runtime/hud-switch.ts";

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

/**
 * Marks the session as compacting, records it, and returns the HUD snapshot the summary request gets:
 * none while the person has the HUD switched off (the compaction is still recorded).
 */
export function compactionSnapshot(deps: HookDeps, sessionID: string): string | undefined {
  const session = deps.runtime.session(sessionID);
  session.compacting = true;
  deps.runtime.record(session, [{ scope: "session", event: { kind: "compact.before", at: deps.now() } }]);
  if (hudOff(deps, sessionID)) return undefined;
  return formatSnapshot(deps.runtime.view(session));
}
