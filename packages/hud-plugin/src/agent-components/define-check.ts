import { densities, type Density, type HudView } from "@agent-hud/hud-components";
import type { AgentComponent } from "@agent-hud/hud-components/internal";
import { sharedPropsJson } from "./props.ts";
import { densityOutcomes, keep } from "./registry-parts.ts";
import type { RenderOutcome } from "./runner.ts";
import { timing, type SandboxProcess } from "./sandbox-client.ts";
import type { StoredRenders } from "./stored-renders.ts";

export type Checked =
  | { ok: true; outcomes: Array<[Density, RenderOutcome]> }
  | { ok: false; error: string; timedOut: boolean; density?: Density };

const isTimeOut = (error: string): boolean => error.startsWith("took longer than ");

/**
 * A define's check: the source opened fresh under the key its slot will have (`key` in the process, `id` in
 * the stored renders) and rendered at every density, within `limits.defineMs` in all. The outcomes serve the
 * first HUD if the definition is recorded (`adopt`); the good renders are stored at once, so a restart right
 * after the define shows it in the first call.
 */
export async function checkDefinition(
  sandbox: SandboxProcess,
  slot: { key: string; id: string; stored: StoredRenders | undefined },
  component: AgentComponent,
  view: HudView,
): Promise<Checked> {
  const all = [...densities];
  const request = { op: "render" as const, key: slot.key, source: component.source, props: sharedPropsJson(view) };
  const [answer] = await sandbox.renderAll([{ ...request, densities: all, fresh: true }], timing.defineMs);
  if (!answer || answer.kind === "skipped")
    return { ok: false, error: "the sandbox process did not start in time", timedOut: true };
  if (answer.kind === "timeout") return { ok: false, error: answer.error, timedOut: true };
  if (!answer.reply.ok) return { ok: false, error: answer.reply.error, timedOut: isTimeOut(answer.reply.error) };
  const outcomes = densityOutcomes(component.name, all, answer);
  const failed = outcomes.find(([, outcome]) => !outcome.ok);
  if (!failed) {
    keep(slot.stored, slot.id, answer);
    slot.stored?.flush();
    return { ok: true, outcomes };
  }
  sandbox.close(slot.key);
  const error = (failed[1] as { error: string }).error;
  return { ok: false, error, density: failed[0], timedOut: isTimeOut(error) };
}
