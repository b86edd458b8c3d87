import { compactionFraming, compactionSnapshot } from "../../hooks/session-compacting.ts";
import { toolExecuteAfter } from "../../hooks/tool-execute-after.ts";
import { preamble } from "../../placement/preamble.ts";
import { wrapHud } from "../../placement/tail-message.ts";
import type { HookContext } from "../../runtime/hook-context.ts";
import type { CompactionEvent, ContextEvent, ExecuteAfter } from "./context.ts";
import { appendHud, systemPart } from "./messages.ts";

/**
 * `session.hook("context")`: V2's one transform of a request, system parts and messages together. The
 * byte-stable preamble goes last in the system parts (where V2's policy puts the system breakpoint), the
 * HUD after the conversation. Title and generate requests get nothing; compaction has its own hook.
 */
export function contextHook(ctx: HookContext, toast: () => void) {
  const text = preamble(ctx.config);
  return async (e: ContextEvent): Promise<void> => {
    if (e.kind !== "primary") return;
    toast();
    const session = ctx.runtime.session(e.sessionID);
    ctx.lastActive.sessionID = e.sessionID;
    if (e.model) {
      session.tracker.setLimits(ctx.limits.get(e.model.providerID, e.model.id));
      session.model = { providerID: e.model.providerID, modelID: e.model.id };
    }
    if (session.compacting) return;
    e.system.push(systemPart(e.system, text));
    ctx.runtime.noteCall(session);
    if (ctx.board.isOff(e.sessionID)) return;
    const result = await ctx.runtime.renderCall(session);
    if (!result) return;
    const hud = wrapHud(result.markdown);
    if (ctx.config.placement === "system") e.system.push(systemPart(e.system, hud));
    else appendHud(e.system, e.messages, hud);
    ctx.publisher.publishLater(e.sessionID, ["received", "current"], result, session.lastInput);
  };
}

/** `session.hook("compaction")`: the HUD state travels beside the summary, framed as on V1. */
export function compactionHook(ctx: HookContext) {
  return async (e: CompactionEvent): Promise<void> => {
    const snapshot = compactionSnapshot(ctx, e.sessionID);
    if (snapshot) e.system.push(systemPart(e.system, compactionFraming(snapshot)));
  };
}

/** `tool.hook("execute.after")`: the same file and bash facts as V1's `tool.execute.after`. */
export function executeAfterHook(ctx: HookContext, directory: string) {
  const after = toolExecuteAfter(ctx, directory);
  return async (e: ExecuteAfter): Promise<void> => {
    if (e.status !== "completed") return;
    const content = e.result?.content;
    const output = typeof content === "string" ? content : content?.map((c) => c.text ?? "").join("\n");
    await after({ tool: e.tool, sessionID: e.sessionID, args: e.input }, { output, metadata: e.result?.metadata });
  };
}
