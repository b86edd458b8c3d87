import type { EventFrame } from "./host-api.ts";

/**
 * The runtime's event vocabulary is the V1 bus shape it was built on (`{ type, properties }`, read by
 * `hooks/event.ts` and recall). A V2 frame carries its payload under `data` and names things differently;
 * this maps the frames agent-hud needs and drops the rest. See the table in this folder's README.
 */
export type BusEvent = { type: string; properties: Record<string, unknown> };

/** Tool names by call id: V2 names a tool when its input starts, not when it succeeds. */
export type NormalizeState = { toolNames: Map<string, string>; now: () => number };

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function normalize(frame: EventFrame, state: NormalizeState): BusEvent[] {
  const d = frame.data ?? {};
  const sessionID = str(d["sessionID"]);
  const at = typeof frame.created === "number" ? frame.created : state.now();
  if (!sessionID) return [];
  switch (frame.type) {
    case "session.step.ended": {
      const messageID = str(d["assistantMessageID"]);
      const model = d["model"] as { id?: string; providerID?: string } | undefined;
      const out: BusEvent[] = [];
      if (messageID)
        out.push({
          type: "message.updated",
          properties: {
            info: {
              id: messageID,
              sessionID,
              role: "assistant",
              tokens: d["tokens"],
              time: { created: at },
              ...(model?.id && model.providerID ? { modelID: model.id, providerID: model.providerID } : {}),
            },
          },
        });
      const files = Array.isArray(d["files"]) ? d["files"] : [];
      // V1's file.edited has no session; V2 names it, and without it an edit lands in whichever session ran last
      for (const file of files) if (str(file)) out.push({ type: "file.edited", properties: { file, sessionID } });
      return out;
    }
    case "session.execution.succeeded":
    case "session.execution.failed":
    case "session.execution.interrupted":
      return [{ type: "session.idle", properties: { sessionID } }];
    case "session.compaction.ended":
      return [{ type: "session.compacted", properties: { sessionID, summary: str(d["text"]) ?? "" } }];
    case "session.compaction.failed":
      return [{ type: "session.error", properties: { sessionID } }];
    case "session.deleted":
      return [{ type: "session.deleted", properties: { info: { id: sessionID } } }];
    case "session.forked": {
      const parentID = str(d["parentID"]);
      return parentID ? [{ type: "session.created", properties: { info: { id: sessionID, parentID } } }] : [];
    }
    case "session.text.ended": {
      const messageID = str(d["assistantMessageID"]);
      const text = str(d["text"]);
      if (!messageID || !text) return [];
      return message(sessionID, messageID, "assistant", at, {
        id: `${messageID}:${String(d["ordinal"] ?? 0)}`,
        type: "text",
        text,
        time: { start: at, end: at },
      });
    }
    case "session.tool.input.started": {
      const callID = str(d["callID"]);
      const name = str(d["name"]);
      if (callID && name) state.toolNames.set(callID, name);
      return [];
    }
    case "session.tool.success":
    case "session.tool.failed": {
      const callID = str(d["callID"]);
      const messageID = str(d["assistantMessageID"]);
      if (!callID || !messageID) return [];
      const tool = state.toolNames.get(callID) ?? "tool";
      state.toolNames.delete(callID);
      const failed = frame.type === "session.tool.failed";
      const output = contentText(d["content"]) ?? (failed ? errorText(d["error"]) : undefined);
      return message(sessionID, messageID, "assistant", at, {
        id: callID,
        type: "tool",
        tool,
        state: {
          status: failed ? "error" : "completed",
          ...(failed ? { error: output ?? "" } : { output: output ?? "" }),
          time: { start: at },
        },
      });
    }
    default:
      return [];
  }
}

/** A message and one part, as V1's `message.updated` then `message.part.updated`. */
function message(sessionID: string, messageID: string, role: string, at: number, part: Record<string, unknown>) {
  return [
    { type: "message.updated", properties: { info: { id: messageID, sessionID, role, time: { created: at } } } },
    { type: "message.part.updated", properties: { part: { ...part, sessionID, messageID } } },
  ];
}

function contentText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.map((c) => (c as { text?: unknown })?.text).filter((t): t is string => typeof t === "string");
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function errorText(error: unknown): string | undefined {
  const message = (error as { message?: unknown; data?: { message?: unknown } } | undefined) ?? {};
  return str(message.message) ?? str(message.data?.message);
}
