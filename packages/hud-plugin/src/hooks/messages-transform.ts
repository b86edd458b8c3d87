import type { AssistantInfo, ModelLimitsBook } from "../context/index.ts";
import { hudTailMessage, sessionOf, wrapHud, type TransformMessage } from "../placement/tail-message.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import type { HookContext } from "../runtime/hook-context.ts";

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
    const info = message.info as AssistantInfo;
    if (info.role !== "assistant" || info.summary || !info.tokens) continue;
    session.tracker.record(info.id, info.tokens, info.time?.created ?? 0);
    if (info.providerID && info.modelID) session.model = { providerID: info.providerID, modelID: info.modelID };
  }
}

export function messagesTransform(ctx: HookContext) {
  return async (_input: unknown, output: { messages: TransformMessage[] }): Promise<void> => {
    const sessionID = sessionOf(output.messages);
    if (!sessionID) return;
    const session = ctx.runtime.session(sessionID);
    ctx.lastActive.sessionID = sessionID;
    trackTokens(session, output.messages, ctx.limits);
    if (session.compacting) return;
    // taken before the HUD is appended: the ledger compares the conversation, not agent-hud's tail
    ctx.ledger?.observeMessages(session, output.messages);
    ctx.runtime.noteCall(session);
    if (ctx.config.placement !== "tail") return;
    // switched off by the person: the request goes out as if the HUD did not exist (the preamble stays)
    if (ctx.board.isOff(sessionID)) return;
    const result = await ctx.runtime.renderCall(session);
    if (!result) return;
    const line = ctx.config.cacheLedger.showToAgent ? ctx.ledger?.line(session) : undefined;
    const tail = hudTailMessage(
      output.messages,
      wrapHud(line ? `${result.markdown.trimEnd()}\n\n${line}` : result.markdown),
    );
    if (!tail) return;
    output.messages.push(tail);
    ctx.publisher.publishLater(sessionID, ["received", "current"], result, session.lastInput);
  };
}
