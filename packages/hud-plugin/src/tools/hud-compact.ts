import type { HookDeps } from "../runtime/hook-deps.ts";
import { errorLine } from "../log/index.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import type { ToolSpec } from "./tool-spec.ts";

export const HUD_COMPACT_DESCRIPTION =
  "Compact (summarize) this conversation now, on your terms, before opencode does it at the limit. Save what matters to the HUD first; the HUD survives compaction. Declines when the context is less than half full.";

/**
 * Asks opencode for a summary of the session. Never awaited inside the tool: the summary call waits for
 * the session's loop, which is waiting for this tool, so it runs once the session is idle.
 */
export function scheduleSummarize(deps: HookDeps, session: SessionRuntime): void {
  const model = session.model;
  const summarize = deps.summarize;
  if (!summarize || !model) {
    deps.log.log(
      "warn",
      `agent-hud: hud_compact could not summarize session ${session.id}: ${summarize ? "model unknown" : "the host cannot compact on request"}`,
    );
    return;
  }
  setTimeout(() => {
    summarize(session.id, { providerID: model.providerID, modelID: model.modelID }).catch((error: unknown) =>
      deps.log.log("error", `agent-hud: summarize of ${session.id} failed: ${errorLine(error)}`),
    );
  }, 0);
}

export function hudCompactTool(deps: HookDeps): ToolSpec {
  return {
    description: HUD_COMPACT_DESCRIPTION,
    parameters: { type: "object", properties: {} },
    async execute(_args, context) {
      const session = deps.runtime.session(context.sessionID);
      const info = deps.runtime.context(session);
      const percent = Math.round(info.percent);
      if (info.percent < deps.config.compactMinPercent)
        return `declined: context is ${percent}% full; hud_compact runs at ${deps.config.compactMinPercent}% or more — keep working`;
      deps.runtime.record(session, [
        {
          scope: "session",
          event: {
            kind: "context.snapshot",
            at: deps.now(),
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
