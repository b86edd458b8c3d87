import { describeOutcome, planOperation, type ToolCall } from "@agent-hud/hud-components";
import type { HudRuntime } from "../runtime/hud-runtime.ts";
import type { SessionRuntime } from "../runtime/session-runtime.ts";
import { answerHistory } from "../tools/history.ts";

export type PersonCallAnswer = { ok: boolean; text: string; recorded: boolean };

/**
 * One `hud` operation as the person: the router checks it, the events carry `by: "person"`, reading
 * operations (history among them) answer with their text. `recorded` says the state changed, so the caller
 * shows the person the new HUD in its own way.
 */
export async function applyPersonCall(
  runtime: HudRuntime,
  session: SessionRuntime,
  call: ToolCall,
  now: number,
): Promise<PersonCallAnswer> {
  const plan = planOperation(runtime.view(session), call, {
    now,
    host: {
      history: (args) => answerHistory(runtime, session, args),
      resumeSource: () => runtime.resumeSource(session),
    },
  });
  if (!plan.ok) return { ok: false, text: plan.error, recorded: false };
  if ("answer" in plan) return { ok: true, text: await plan.answer, recorded: false };
  if ("output" in plan) return { ok: true, text: plan.output, recorded: false };
  const events = plan.events.map((e) => ({ ...e, event: { ...e.event, by: "person" as const } }));
  const outcomes = runtime.record(session, events);
  const text = describeOutcome(call, outcomes);
  const ok = outcomes.every((o) => o.ok);
  return { ok, text, recorded: ok };
}
