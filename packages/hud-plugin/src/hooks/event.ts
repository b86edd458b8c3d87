import type { HudEvent } from "@agent-hud/hud-components";
import { usageOfTokens } from "../cache-ledger/usage.ts";
import type { AssistantInfo } from "../context/index.ts";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { displayPath, rememberEdit } from "./files.ts";
import { scheduleSummarize } from "../tools/hud-compact.ts";
import { isSessionID, validateSessionID } from "../store/index.ts";
import { forgetSessions } from "../store/forget.ts";

type BusEvent = { type: string; properties: Record<string, unknown> };
type TodoInfo = { id?: string; content?: string; status?: string; priority?: string };

const TODO_STATUS = new Set(["pending", "in_progress", "completed", "cancelled"]);

/** The text of the latest summary message opencode wrote for a session. */
export async function latestSummary(deps: HookDeps, sessionID: string): Promise<string | undefined> {
  const response = await deps.client?.session.messages({ path: { id: sessionID } });
  const messages = response?.data ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.info.role !== "assistant" || message.info.summary !== true) continue;
    const text = message.parts
      .filter((p) => p.type === "text" && typeof p.text === "string")
      .map((p) => p.text as string)
      .join("\n")
      .trim();
    if (text) return text;
  }
  return undefined;
}

export function eventHook(deps: HookDeps, directory: string) {
  const record = (sessionID: string, events: HudEvent[]) =>
    deps.runtime.record(
      deps.runtime.session(sessionID),
      events.map((event) => ({ scope: "session" as const, event })),
    );

  return async ({ event }: { event: BusEvent }): Promise<void> => {
    const p = event.properties ?? {};
    deps.recall?.observe(event);
    switch (event.type) {
      case "message.updated": {
        const info = p.info as AssistantInfo | undefined;
        if (!info || info.role !== "assistant" || info.summary || typeof info.sessionID !== "string") return;
        // the compaction's own answer (summary) is no call of the conversation's cache
        const answer = info as AssistantInfo & { error?: unknown; cost?: unknown };
        deps.ledger?.report(deps.runtime.session(info.sessionID), {
          id: info.id,
          usage: usageOfTokens(info.tokens),
          failed: !!answer.error,
          ...(info.time?.created !== undefined ? { at: info.time.created } : {}),
          ...(info.providerID && info.modelID ? { model: `${info.providerID}/${info.modelID}` } : {}),
          ...(typeof answer.cost === "number" ? { cost: answer.cost } : {}),
        });
        if (!info.tokens) return;
        const session = deps.runtime.session(info.sessionID);
        session.tracker.record(info.id, usageOfTokens(info.tokens), info.time?.created ?? 0);
        if (info.providerID && info.modelID) session.model = { providerID: info.providerID, modelID: info.modelID };
        return;
      }
      case "session.compacted": {
        // without a session id there is nothing to attach the event to (String() would invent "undefined")
        if (typeof p.sessionID !== "string") return;
        const sessionID = p.sessionID;
        const session = deps.runtime.session(sessionID);
        session.compacting = false;
        session.tracker.reset(deps.now());
        deps.ledger?.compaction(session);
        // V2 carries the summary in the event; V1 has to read it back through the client
        const summary = typeof p.summary === "string" ? p.summary : ((await latestSummary(deps, sessionID)) ?? "");
        record(sessionID, [{ kind: "compact.after", at: deps.now(), summary }]);
        return;
      }
      case "file.edited": {
        const file = p.file;
        // V1 names no session for an edit (the last active one made it); V2 does, and that one wins
        const sessionID = typeof p.sessionID === "string" ? p.sessionID : deps.lastActive.sessionID;
        if (typeof file !== "string" || !file || !sessionID) return;
        const path = displayPath(directory, file);
        if (rememberEdit(deps, sessionID, path)) record(sessionID, [{ kind: "file.edit", at: deps.now(), path }]);
        return;
      }
      case "todo.updated": {
        if (typeof p.sessionID !== "string") return;
        const todos = Array.isArray(p.todos) ? (p.todos as Array<TodoInfo | null>) : [];
        // a malformed entry is skipped, not allowed to drop the well-formed ones
        const mapped = todos
          .filter((t): t is TodoInfo => typeof t?.content === "string" && TODO_STATUS.has(String(t.status)))
          .map((t, i) => ({
            id: typeof t.id === "string" ? t.id : String(i + 1),
            content: t.content!,
            status: t.status as "pending" | "in_progress" | "completed" | "cancelled",
            ...(typeof t.priority === "string" && t.priority ? { priority: t.priority } : {}),
          }));
        record(p.sessionID, [{ kind: "todo.sync", at: deps.now(), todos: mapped }]);
        return;
      }
      case "session.created":
      case "session.updated": {
        const info = p.info as { id?: string; parentID?: string } | undefined;
        if (!info?.id || !info.parentID) return;
        // checked before it is kept: a bad parent id would make every later read of this session throw
        const parentID = validateSessionID(info.parentID);
        const session = deps.runtime.session(info.id);
        session.parentID = parentID;
        deps.runtime.refresh(session);
        if (session.cache.state.parentID !== parentID)
          record(info.id, [{ kind: "session.link", at: deps.now(), parentID }]);
        deps.runtime.touch(session);
        return;
      }
      case "session.idle": {
        // String() would turn a missing id into "undefined", a valid-looking session id
        if (typeof p.sessionID !== "string") return;
        const session = deps.runtime.session(p.sessionID);
        session.compacting = false;
        if (session.compactRequested) {
          session.compactRequested = false;
          scheduleSummarize(deps, session);
        }
        return;
      }
      case "session.deleted": {
        // deleted means deleted: its HUD stream and the person's copies go (recall drops its own rows)
        const id = (p.info as { id?: unknown } | undefined)?.id;
        if (typeof id !== "string" || !isSessionID(id)) return;
        deps.runtime.forget(id);
        forgetSessions(deps.storePath, [id]);
        return;
      }
      case "session.error": {
        if (typeof p.sessionID === "string") deps.runtime.session(p.sessionID).compacting = false;
        return;
      }
    }
  };
}
