import type { HudEvent } from "@agent-hud/hud-components";
import type { EventLog } from "../store/ports.ts";
import type { Redactor } from "./redactor.ts";

/**
 * The event log as the runtime writes to it: every event passes the redactor on its way into `hud.db`
 * (tool output, notes, decisions, summaries, memory-file syncs, the person's edits), so the state folded
 * from the log, the HUD and everything derived from it hold only what may be stored. A component's source
 * is the one text kept byte-exact (a redacted source no longer parses after a restart): a define whose
 * source holds a secret is refused before it is recorded (`secretInSource`).
 */
export function redactingLog<T extends EventLog>(log: T, redactor: Redactor): EventLog {
  return {
    append: (stream: string, events: HudEvent[]) =>
      log.append(
        stream,
        events.map((event) =>
          event.kind === "component.define"
            ? { ...redactor.deep({ ...event, source: "" }), source: event.source }
            : redactor.deep(event),
        ),
      ),
    read: (stream, afterSeq) => log.read(stream, afterSeq),
    touchSession: (info) => log.touchSession(info),
    recentSessions: (projectKey, excludeSessionID, limit) => log.recentSessions(projectKey, excludeSessionID, limit),
  };
}
