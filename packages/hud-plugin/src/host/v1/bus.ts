import { usageOfTokens } from "../opencode/usage.ts";
import { OWN_TOOLS, type HostEvent, type MessageEvent, type PartEvent, type Todo } from "../../events/host-event.ts";

/** opencode 1's bus event: a type and its properties (`info` for messages and sessions, `part` for parts). */
export type BusEvent = { type: string; properties?: Record<string, unknown> };

type Info = {
  id?: unknown;
  sessionID?: unknown;
  role?: unknown;
  summary?: unknown;
  tokens?: unknown;
  time?: { created?: unknown };
  providerID?: unknown;
  modelID?: unknown;
  error?: unknown;
  cost?: unknown;
  parentID?: unknown;
};
type Part = {
  id?: unknown;
  sessionID?: unknown;
  messageID?: unknown;
  type?: unknown;
  text?: unknown;
  ignored?: unknown;
  time?: { start?: unknown; end?: unknown };
  tool?: unknown;
  state?: { status?: unknown; input?: unknown; output?: unknown; error?: unknown; time?: { start?: unknown } };
  prompt?: unknown;
  description?: unknown;
};
type TodoInfo = { id?: unknown; content?: unknown; status?: unknown; priority?: unknown };

const TODO_STATUS = new Set(["pending", "in_progress", "completed", "cancelled"]);
const str = (value: unknown): value is string => typeof value === "string";
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** An opencode message's `info` (bus event or SDK client) as the port's message; undefined without ids. */
export function messageOf(info: Info | undefined): MessageEvent | undefined {
  if (!info || !str(info.id) || !str(info.sessionID)) return undefined;
  const at = num(info.time?.created);
  return {
    kind: "message",
    session: info.sessionID,
    id: info.id,
    role: String(info.role),
    ...(at !== undefined ? { at } : {}),
    ...(info.summary === true ? { summary: true } : {}),
    ...(info.tokens ? { usage: usageOfTokens(info.tokens) } : {}),
    ...(str(info.providerID) && info.providerID && str(info.modelID) && info.modelID
      ? { model: { providerID: info.providerID, modelID: info.modelID } }
      : {}),
    ...(info.error ? { failed: true } : {}),
    ...(typeof info.cost === "number" ? { cost: info.cost } : {}),
  };
}

/** An opencode message part as the port's part; parts the runtime has no use for are undefined. */
export function partOf(part: Part | undefined): PartEvent | undefined {
  if (!part || !str(part.id) || !str(part.sessionID) || !str(part.messageID)) return undefined;
  const where = { session: part.sessionID, message: part.messageID, id: part.id };
  switch (part.type) {
    case "text": {
      if (!str(part.text)) return undefined;
      const end = num(part.time?.end);
      return {
        kind: "text",
        ...where,
        text: part.text,
        ...(part.time?.start !== undefined && part.time.end === undefined ? { streaming: true } : {}),
        ...(part.ignored ? { ignored: true } : {}),
        ...(end ? { at: end } : {}),
      };
    }
    case "reasoning":
      return str(part.text) ? { kind: "reasoning", ...where, text: part.text } : undefined;
    case "tool": {
      const state = part.state;
      const status = state?.status;
      const failed = status === "error";
      const start = num(state?.time?.start);
      return {
        kind: "tool",
        ...where,
        tool: str(part.tool) ? part.tool : "tool",
        own: str(part.tool) && OWN_TOOLS.has(part.tool),
        done: status === "completed" || failed,
        failed,
        ...(state?.input !== undefined ? { input: state.input } : {}),
        ...(status === "completed" ? { output: state?.output } : failed ? { output: state?.error } : {}),
        ...(start ? { at: start } : {}),
      };
    }
    case "subtask":
      return {
        kind: "subtask",
        ...where,
        ...(str(part.prompt) ? { prompt: part.prompt } : {}),
        ...(str(part.description) ? { description: part.description } : {}),
      };
    default:
      return undefined;
  }
}

/**
 * One bus event as the port's events. `at`: now, for events without a time of their own. `summary`: the
 * compaction's summary, which V1's `session.compacted` does not carry (the hook reads it back first).
 */
export function fromBus(event: BusEvent, at: number, summary?: string): HostEvent[] {
  const p = event.properties ?? {};
  const info = p["info"] as Info | undefined;
  const sessionID = str(p["sessionID"]) ? p["sessionID"] : undefined;
  switch (event.type) {
    case "message.updated": {
      const message = messageOf(info);
      return message ? [message] : [];
    }
    case "message.part.updated": {
      const part = partOf(p["part"] as Part | undefined);
      return part ? [part] : [];
    }
    // without a session id there is nothing to attach the event to (String() would invent "undefined")
    case "session.compacted":
      return sessionID
        ? [{ kind: "compaction", session: sessionID, summary: str(p["summary"]) ? p["summary"] : (summary ?? "") }]
        : [];
    case "file.edited": {
      const file = p["file"];
      // V1 names no session for an edit: the last active one made it
      if (!str(file) || !file) return [];
      return [{ kind: "activity", facts: [{ kind: "file", at, path: file, edited: true }] }];
    }
    case "todo.updated":
      return sessionID ? [{ kind: "todos", session: sessionID, todos: todosOf(p["todos"]) }] : [];
    case "session.created":
    case "session.updated":
      return str(info?.id) && info.id && str(info.parentID) && info.parentID
        ? [{ kind: "sub-agent", session: info.id, parent: info.parentID }]
        : [];
    case "session.idle":
      return [{ kind: "idle", session: sessionID }];
    case "session.status": {
      // the form newer opencode versions emit beside (or instead of) session.idle
      const status = p["status"] as { type?: unknown } | undefined;
      return status?.type === "idle" ? [{ kind: "idle", session: sessionID }] : [];
    }
    case "session.deleted":
      return str(info?.id) ? [{ kind: "session.deleted", session: info.id }] : [];
    case "session.error":
      return sessionID ? [{ kind: "compaction.failed", session: sessionID }] : [];
    default:
      return [];
  }
}

/** opencode's todo list; a malformed entry is skipped, not allowed to drop the well-formed ones. */
function todosOf(value: unknown): Todo[] {
  const todos = Array.isArray(value) ? (value as Array<TodoInfo | null>) : [];
  return todos
    .filter((t): t is TodoInfo => str(t?.content) && TODO_STATUS.has(String(t.status)))
    .map((t, i) => ({
      id: str(t.id) ? t.id : String(i + 1),
      content: t.content as string,
      status: t.status as Todo["status"],
      ...(str(t.priority) && t.priority ? { priority: t.priority } : {}),
    }));
}
