import {
  hasUnfinishedWork,
  replay,
  resumeSummary,
  type HudEvent,
  type HudState,
  type HudView,
  type ProjectorOptions,
} from "@agent-hud/hud-components";
import type { EventLog } from "../store/ports.ts";
import { isLive } from "./liveness.ts";
import type { SessionRuntime } from "./session-runtime.ts";

/** The resume hint is shown in a session's first LLM calls only; after these it has had its chance. */
export const RESUME_HINT_CALLS = 5;
/** How many of the project's most recent other sessions are looked at for one that is no longer live. */
const RESUME_CANDIDATES = 20;

export type ResumeDeps = {
  store: EventLog;
  projectKey: string;
  now: () => number;
  projector: ProjectorOptions;
  /** Sessions whose touch this instance has queued but not written: live, whatever the store says yet. */
  queuedTouches: () => ReadonlySet<string>;
};

/**
 * The project's last session that is no longer live (docs/project-memory.md: its plugin instance is gone or
 * it has been idle for IDLE_LIMIT_MS), replayed, if it left a task or open steps. A session still being
 * worked on in this or another process is never offered, so two sessions side by side never see each
 * other's task as something to take over. Reads only: a session this instance touched but has not written
 * yet is live (its touch would make it so), so it is passed over without writing the queue first.
 */
export function resumeSource(
  session: SessionRuntime,
  deps: ResumeDeps,
): { sessionID: string; state: HudState } | undefined {
  // A sub-agent works for a parent that is still running; no earlier session is its to take over.
  if (session.parentID ?? session.cache.state.parentID) return undefined;
  const now = deps.now();
  const queued = deps.queuedTouches();
  // top-level sessions only: a parent stopped while its sub-agent ran is still the one offered
  const last = deps.store
    .recentSessions(deps.projectKey, session.id, RESUME_CANDIDATES)
    .find((candidate) => !queued.has(candidate.sessionID) && !isLive(candidate, now));
  if (!last) return undefined;
  const key = `${last.sessionID}@${last.updatedAt}`;
  if (session.resumeSource?.key !== key) {
    const events = deps.store.read(`session:${last.sessionID}`).map((e) => e.event as HudEvent);
    session.resumeSource = { key, sessionID: last.sessionID, state: replay("session", events, deps.projector) };
  }
  const { sessionID, state } = session.resumeSource;
  return hasUnfinishedWork(state) ? { sessionID, state } : undefined;
}

/** The hint a fresh top-level session shows when an earlier one left work (none once the session has begun its own). */
export function resumeHint(session: SessionRuntime, deps: ResumeDeps): HudView["resume"] {
  const state = session.cache.state;
  if (state.task || state.resumedFrom || state.resumeDismissed || session.parentID || state.agentEdits > 0) {
    return undefined;
  }
  if (state.turns > RESUME_HINT_CALLS) return undefined;
  const source = resumeSource(session, deps);
  if (!source) return undefined;
  const summary = resumeSummary(source.state);
  return {
    sessionID: source.sessionID,
    openSteps: summary.openSteps,
    ...(summary.task ? { task: summary.task } : {}),
  };
}
