import type { HookContext } from "../runtime/hook-context.ts";
import { errorLine } from "../log/index.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import type { ToolSpec } from "./tool-spec.ts";

export const HUD_COMPACT_DESCRIPTION =
  "Compact (summarize) this conversation now, on your terms, before opencode does it at the limit. Save what matters to the HUD first; the HUD survives compaction. Declines when the context is less than half full.";

/**
 * Asks opencode for a summary of the session. Never awaited inside the tool: the summary call waits for
 * the session's loop, which is waiting for this tool, so it runs once the session is idle.
 */
export function scheduleSummarize(ctx: HookContext, session: SessionRuntime): void {
  const model = session.model;
  if (!ctx.client || !model) {
    ctx.log.log(
      "warn",
      `agent-hud: hud_compact could not summarize session ${session.id}: ${ctx.client ? "model unknown" : "no client"}`,
    );
    return;
  }
  setTimeout(() => {
    ctx
      .client!.session.summarize({
        path: { id: session.id },
        body: { providerID: model.providerID, modelID: model.modelID },
      })
      .catch((error: unknown) =>
        ctx.log.log("error", `agent-hud: summarize of ${session.id} failed: ${errorLine(error)}`),
      );
  }, 0);
}

export function hudCompactTool(ctx: HookContext): ToolSpec {
  return {
    description: HUD_COMPACT_DESCRIPTION,
    parameters: { type: "object", properties: {} },
    async execute(_args, context) {
      const session = ctx.runtime.session(context.sessionID);
      const info = ctx.runtime.context(session);
      const percent = Math.round(info.percent);
      if (info.percent < ctx.config.compactMinPercent)
        return `declined: context is ${percent}% full; hud_compact runs at ${ctx.config.compactMinPercent}% or more — keep working`;
      ctx.runtime.record(session, [
        {
          scope: "session",
          event: {
            kind: "context.snapshot",
            at: ctx.now(),
            usedTokens: info.usedTokens,
            usableTokens: info.usableTokens,
          },
        },
      ]);
      session.compactRequested = true;
      return `ok: context is ${percent}% full; the conversation will be summarized when this turn ends, and your HUD will be shown again after it`;
    },
  };
}
