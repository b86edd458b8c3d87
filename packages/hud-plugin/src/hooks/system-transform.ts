import { preamble } from "../placement/preamble.ts";
import { wrapHud } from "../placement/tail-message.ts";
import type { HookContext } from "../runtime/hook-context.ts";

// opencode's title call goes through the same hook; it gets nothing from the HUD.
const TITLE_MARKER = "You are a title generator";

export function systemTransform(ctx: HookContext) {
  const text = preamble(ctx.config);
  return async (input: { sessionID?: string; model: unknown }, output: { system: string[] }): Promise<void> => {
    if (output.system.some((s) => s.includes(TITLE_MARKER))) return;
    const session = input.sessionID ? ctx.runtime.session(input.sessionID) : undefined;
    session?.tracker.setLimits(ctx.limits.learnModel(input.model));
    ctx.ledger?.learnModel(input.model);
    // the compaction agent has its own system prompt and gets the HUD state through the compacting hook
    if (session?.compacting) return;
    output.system.push(text);
    const own = new Set([text]);
    try {
      if (ctx.config.placement !== "system" || !session) return;
      if (ctx.board.isOff(session.id)) return;
      const result = await ctx.runtime.renderCall(session);
      if (!result) return;
      const hud = wrapHud(result.markdown);
      own.add(hud);
      output.system.push(hud);
      ctx.publisher.publishLater(session.id, ["received", "current"], result, session.lastInput);
    } finally {
      // the parts as they stand when agent-hud's hook ends; a plugin after it is not seen (a bust then reads unknown)
      if (session) ctx.ledger?.observeSystem(session, output.system, own);
    }
  };
}
