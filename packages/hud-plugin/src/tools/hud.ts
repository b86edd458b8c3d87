import { describeOutcome, hudToolJsonSchema, planOperation } from "@agent-hud/hud-components";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { hostOperations } from "./host-operations.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import type { ToolSpec } from "./tool-spec.ts";
import { provisionalReply } from "./provisional-reply.ts";
import { Refusal } from "../log/refusal.ts";
import { secretNotice } from "./secret-notice.ts";
import { memorySecretRefusal } from "./memory-guard.ts";
import { MEMORY_FILE } from "../memory-file/files.ts";

export const HUD_DESCRIPTION =
  'Read and edit your HUD (task, decisions, notes, next steps, blockers, project memory) and search everything this session saw. Call as { tool: "<operation>", args: { ... } }; { tool: "help" } lists every operation with its argument shape. You can add your own HUD section with components.define (sandboxed TSX; see help).';

/**
 * The `hud` router. opencode neither validates nor defaults these args, so the raw call goes to the pure
 * router, which checks it against the operation's TypeBox schema; a thrown Refusal's message is what the
 * model reads as the tool result. The args are the router's own schema (`tool.definition` sends it whole).
 */
export function hudTool(deps: HookDeps, schema: Record<string, unknown> = hudToolJsonSchema()): ToolSpec {
  return {
    description: HUD_DESCRIPTION,
    parameters: schema,
    async execute(raw, context) {
      const input = (typeof raw === "object" && raw !== null ? raw : {}) as { tool?: unknown; args?: unknown };
      const call = { tool: input.tool as string, args: input.args };
      const runtime = deps.runtime;
      const session = runtime.session(context.sessionID);
      // the operation is planned over the memory file as it stands (a person's edit since the last call)
      await runtime.syncMemoryFile();
      const result = planOperation(runtime.view(session), call, {
        now: deps.now(),
        host: hostOperations(deps, session),
      });
      if (!result.ok) throw new Refusal(result.error);
      if ("answer" in result) return await result.answer;
      if ("output" in result) return result.output;
      // what reaches the repository's memory file passes the strict check first
      const refusal = runtime.memory && memorySecretRefusal(result.events, deps.redact.text, MEMORY_FILE);
      if (refusal) throw new Refusal(refusal);
      const outcomes = runtime.record(session, result.events);
      const text = describeOutcome(call, outcomes);
      if (outcomes.some((o) => !o.ok)) throw new Refusal(text);
      showChange(deps, session);
      const reply = provisionalReply(String(call.tool).trim(), outcomes) ?? text;
      const notice = secretNotice(result.events, deps.redact);
      return notice ? `${reply}\n${notice}` : reply;
    },
  };
}

/** The person's views follow the change now; the agent gets the same render on its next call. */
function showChange(deps: HookDeps, session: SessionRuntime): void {
  const rendered = deps.runtime.render(session);
  if (!rendered) return;
  deps.publisher.publishLater(session.id, ["current"], deps.runtime.keep(session, rendered), rendered.input);
}
