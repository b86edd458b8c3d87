import { hashV1Messages } from "./message-hashes.ts";
import type { ModelLimitsBook } from "../../context/index.ts";
import { placeAtTail } from "../../placement/tail.ts";
import { hudTailMessage, sessionOf, type TransformMessage } from "./tail-message.ts";
import type { SessionRuntime } from "../../runtime/session-runtime.ts";
import type { HookDeps } from "../../runtime/hook-deps.ts";
import { compactionUnderway } from "../../hooks/apply-event.ts";
import { messageOf } from "./bus.ts";

/** Feeds the tracker from the request itself, so usage never depends on when bus events arrive. */
export function trackTokens(
  session: SessionRuntime,
  messages: readonly TransformMessage[],
  limits: ModelLimitsBook,
): void {
  for (const message of messages) {
    if (message.info.role === "user") {
      const model = message.info.model as { providerID?: string; modelID?: string } | undefined;
      session.tracker.setLimits(limits.get(model?.providerID, model?.modelID));
    }
    // the message as the port has it: `usage` is there when opencode reported tokens at all
    const m = messageOf(message.info);
    if (!m || m.role !== "assistant" || m.summary || !("usage" in m)) continue;
    session.tracker.record(m.id, m.usage, m.at ?? 0);
    if (m.model) session.model = m.model;
  }
}

export function messagesTransform(deps: HookDeps) {
  return async (_input: unknown, output: { messages: TransformMessage[] }): Promise<void> => {
    const sessionID = sessionOf(output.messages);
    if (!sessionID) return;
    const session = deps.runtime.session(sessionID);
    deps.lastActive.sessionID = sessionID;
    trackTokens(session, output.messages, deps.limits);
    if (session.takeCompaction("messages")) return compactionUnderway(deps, session);
    // taken before the HUD is appended: the ledger compares the conversation, not agent-hud's tail
    // the list is copied (references only); the messages are hashed as they were sent, when the usage
    // arrives, so an edit a later plugin makes to one of them counts too
    const held = output.messages.slice();
    deps.ledger?.request(session, { resolve: [(e) => void (e.messages = hashV1Messages(held))] });
    deps.runtime.noteCall(session);
    if (deps.config.placement !== "tail") return;
    await placeAtTail(deps, session, (text) => {
      const tail = hudTailMessage(output.messages, text);
      if (tail) output.messages.push(tail);
      return tail !== undefined;
    });
  };
}
