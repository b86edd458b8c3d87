// One `hud` call, loaded on the agent's first call (tools/hud.ts): the operation router, the host's
// operations (history, agent components with their source check) and the replies are no part of a start.
import { describeOutcome, planOperation } from "@agent-hud/hud-components";
import type { HookDeps } from "../runtime/hook-deps.ts";
import { hostOperations } from "./host-operations.ts";
import { provisionalReply } from "./provisional-reply.ts";
import { Refusal } from "../log/refusal.ts";
import { secretNotice } from "./secret-notice.ts";
import { memorySecretRefusal } from "./memory-guard.ts";
import { MEMORY_FILE } from "../memory-file/files.ts";

export async function runHudCall(deps: HookDeps, raw: unknown, sessionID: string): Promise<string> {
  const input = (typeof raw === "object" && raw !== null ? raw : {}) as { tool?: unknown; args?: unknown };
  const call = { tool: input.tool as string, args: input.args };
  const runtime = deps.runtime;
  const session = runtime.session(sessionID);
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
  // the person's views follow the change; the agent gets the same render on its next call
  const outcomes = runtime.record(session, result.events, (rendered) =>
    deps.publisher.publishLater(session.id, ["current"], runtime.keep(session, rendered), rendered.input),
  );
  const text = describeOutcome(call, outcomes);
  if (outcomes.some((o) => !o.ok)) throw new Refusal(text);
  const reply = provisionalReply(String(call.tool).trim(), outcomes) ?? text;
  const notice = secretNotice(result.events, deps.redact);
  return notice ? `${reply}\n${notice}` : reply;
}
