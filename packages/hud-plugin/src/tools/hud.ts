import { hudToolJsonSchema } from "@agent-hud/hud-components";
import type { HookDeps } from "../runtime/hook-deps.ts";
import type { ToolSpec } from "./tool-spec.ts";

export const HUD_DESCRIPTION =
  'Read and edit your HUD (task, decisions, notes, next steps, blockers, project memory) and search everything this session saw. Call as { tool: "<operation>", args: { ... } }; { tool: "help" } lists every operation with its argument shape. You can add your own HUD section with components.define (sandboxed TSX; see help).';

/**
 * The `hud` router. opencode neither validates nor defaults these args, so the raw call goes to the pure
 * router, which checks it against the operation's TypeBox schema; a thrown Refusal's message is what the
 * model reads as the tool result. The args are the router's own schema (`tool.definition` sends it whole).
 * The call itself is a module of its own (hud-call.ts), loaded on the first call, never at start.
 */
export function hudTool(deps: HookDeps, schema: Record<string, unknown> = hudToolJsonSchema()): ToolSpec {
  return {
    description: HUD_DESCRIPTION,
    parameters: schema,
    async execute(raw, context) {
      const { runHudCall } = await import("./hud-call.ts");
      return runHudCall(deps, raw, context.sessionID);
    },
  };
}
