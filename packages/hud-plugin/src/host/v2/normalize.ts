import { usageOfTokens } from "../opencode/usage.ts";
import { OWN_TOOLS, type HostEvent, type PartEvent } from "../../events/host-event.ts";
import type { EventFrame } from "./host-api.ts";

/**
 * A V2 frame (payload under `data`) as the runtime's host events (`events/host-event.ts`): the frames
 * agent-hud needs are translated, the rest dropped. See the table in this folder's README.
 */

/** Tool names by call id: V2 names a tool when its input starts, not when it succeeds. */
export type NormalizeState = { toolNames: Map<string, string>; now: () => number };

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

export function normalize(frame: EventFrame, state: NormalizeState): HostEvent[] {
  const d = frame.data ?? {};
  const sessionID = str(d["sessionID"]);
  const at = typeof frame.created === "number" ? frame.created : state.now();
  if (!sessionID) return [];
  switch (frame.type) {
    case "session.step.ended": {
      const messageID = str(d["assistantMessageID"]);
      const model = d["model"] as { id?: string; providerID?: string } | undefined;
      const out: HostEvent[] = [];
      if (messageID)
        out.push({
          kind: "message",
          session: sessionID,
          id: messageID,
          role: "assistant",
          at,
          usage: usageOfTokens(d["tokens"]),
          ...(model?.id && model.providerID ? { model: { providerID: model.providerID, modelID: model.id } } : {}),
        });
      const files = (Array.isArray(d["files"]) ? d["files"] : []).filter((file): file is string => !!str(file));
      // unlike V1's file.edited, V2 names the session; without it an edit lands in whichever session ran last
      const now = state.now();
      if (files.length > 0)
        out.push({
          kind: "activity",
          session: sessionID,
          facts: files.map((path) => ({ kind: "file" as const, at: now, path, edited: true })),
        });
      return out;
    }
    case "session.execution.succeeded":
    case "session.execution.failed":
    case "session.execution.interrupted":
      return [{ kind: "idle", session: sessionID }];
    case "session.compaction.ended":
      return [{ kind: "compaction", session: sessionID, summary: str(d["text"]) ?? "" }];
    case "session.compaction.failed":
      return [{ kind: "compaction.failed", session: sessionID }];
    case "session.deleted":
      return [{ kind: "session.deleted", session: sessionID }];
    case "session.forked": {
      const parentID = str(d["parentID"]);
      return parentID ? [{ kind: "sub-agent", session: sessionID, parent: parentID }] : [];
    }
    case "session.text.ended": {
      const messageID = str(d["assistantMessageID"]);
      const text = str(d["text"]);
      if (!messageID || !text) return [];
      const id = `${messageID}:${String(d["ordinal"] ?? 0)}`;
      return message(sessionID, messageID, at, { kind: "text", session: sessionID, message: messageID, id, text, at });
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
      return message(sessionID, messageID, at, {
        kind: "tool",
        session: sessionID,
        message: messageID,
        id: callID,
        tool,
        own: OWN_TOOLS.has(tool),
        done: true,
        failed,
        output: output ?? "",
        at,
      });
    }
    default:
      return [];
  }
}

/** The assistant message a part belongs to, then the part. */
function message(session: string, id: string, at: number, part: PartEvent): HostEvent[] {
  return [{ kind: "message", session, id, role: "assistant", at }, part];
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
