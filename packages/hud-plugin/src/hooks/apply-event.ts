import type { HudEvent } from "@agent-hud/hud-components";
import type { ActivityEvent, HostEvent, MessageEvent } from "../events/host-event.ts";
import type { HookDeps } from "../runtime/hook-deps.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { displayPath, rememberEdit } from "./files.ts";
import { shellResult } from "./tool-result.ts";
import { scheduleSummarize } from "../tools/hud-compact.ts";
import { isSessionID, validateSessionID } from "../store/index.ts";
import { forgetSessions } from "../store/forget.ts";

/**
 * The runtime's side of the event port: what every host's events mean for the HUD, the context tracker,
 * the cache ledger and recall. Hosts translate their own shapes into `HostEvent`s and call this.
 */
export function applyEvents(deps: HookDeps, directory: string) {
  const record = (sessionID: string, events: HudEvent[]) =>
    deps.runtime.record(
      deps.runtime.session(sessionID),
      events.map((event) => ({ scope: "session" as const, event })),
    );

  return async (event: HostEvent): Promise<void> => {
    deps.recall?.observe(event);
    switch (event.kind) {
      case "message":
        return answer(deps, event);
      case "compaction": {
        const session = deps.runtime.session(event.session);
        session.compacting = false;
        compactionUnderway(deps, session);
        session.compactionApplied = false;
        record(event.session, [{ kind: "compact.after", at: deps.now(), summary: event.summary }]);
        return;
      }
      case "activity":
        return recordActivity(deps, directory, event);
      case "todos":
        record(event.session, [{ kind: "todo.sync", at: deps.now(), todos: event.todos }]);
        return;
      case "sub-agent": {
        // checked before it is kept: a bad parent id would make every later read of this session throw
        const parentID = validateSessionID(event.parent);
        const session = deps.runtime.session(event.session);
        session.parentID = parentID;
        deps.runtime.refresh(session);
        if (session.cache.state.parentID !== parentID)
          record(event.session, [{ kind: "session.link", at: deps.now(), parentID }]);
        deps.runtime.touch(session);
        return;
      }
      case "idle": {
        if (event.session === undefined) return;
        const session = deps.runtime.session(event.session);
        session.compacting = false;
        if (session.compactRequested) {
          session.compactRequested = false;
          scheduleSummarize(deps, session);
        }
        return;
      }
      case "session.deleted": {
        // deleted means deleted: its HUD stream and the person's copies go (recall drops its own rows)
        if (!isSessionID(event.session)) return;
        deps.runtime.forget(event.session);
        forgetSessions(deps.storePath, [event.session]);
        return;
      }
      case "compaction.failed": {
        const session = deps.runtime.session(event.session);
        session.compacting = false;
        session.compactionApplied = false;
        return;
      }
    }
  };
}

/**
 * The compaction's request is going out, or its event arrived: the call after it starts from an unknown usage
 * and the ledger expects a rewritten history. Applied once per compaction, by whichever comes first: a host with
 * nothing between the compaction and the next call (opencode 1 without snapshots, in a folder that is no git
 * repository) sends that call before the compaction's event arrives.
 */
export function compactionUnderway(deps: HookDeps, session: SessionRuntime): void {
  if (session.compactionApplied) return;
  session.compactionApplied = true;
  session.tracker.reset(deps.now());
  deps.ledger?.compaction(session);
}

/** An assistant's answer: its usage for the cache ledger and the context tracker. */
function answer(deps: HookDeps, message: MessageEvent): void {
  // the compaction's own answer (summary) is no call of the conversation's cache
  if (message.role !== "assistant" || message.summary) return;
  const session = deps.runtime.session(message.session);
  deps.ledger?.report(session, {
    id: message.id,
    usage: message.usage,
    failed: !!message.failed,
    ...(message.at !== undefined ? { at: message.at } : {}),
    ...(message.model ? { model: `${message.model.providerID}/${message.model.modelID}` } : {}),
    ...(message.cost !== undefined ? { cost: message.cost } : {}),
  });
  if (message.usage) session.tracker.record(message.id, message.usage, message.at ?? 0);
  if (message.model) session.model = message.model;
}

/**
 * What finished tool calls did, as the HUD's file and shell facts; an edit seen twice (the host's edit
 * event and the tool call) counts once. Synchronous, for a host that must finish within its hook.
 */
export function recordActivity(deps: HookDeps, directory: string, event: ActivityEvent): void {
  const sessionID = event.session ?? deps.lastActive.sessionID;
  if (!sessionID) return;
  const events: HudEvent[] = [];
  for (const fact of event.facts) {
    if (fact.kind === "shell") {
      events.push(shellResult(fact, deps.redact.text));
      continue;
    }
    const path = displayPath(directory, fact.path);
    if (!fact.edited) events.push({ kind: "file.open", at: fact.at, path, action: "read" });
    else if (rememberEdit(deps, sessionID, path)) events.push({ kind: "file.edit", at: fact.at, path });
  }
  if (events.length === 0) return;
  deps.runtime.record(
    deps.runtime.session(sessionID),
    events.map((event) => ({ scope: "session" as const, event })),
  );
}
