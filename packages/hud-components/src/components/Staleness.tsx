/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { HudState } from "../state/hud-state.ts";

export type StalenessOptions = { afterMs?: number; afterTurns?: number };
export type StalenessProps = { state: HudState; now?: number; options: Required<StalenessOptions>; density: Density };

export const defaultStaleness: Required<StalenessOptions> = { afterMs: 20 * 60_000, afterTurns: 10 };

export function duration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** How long the agent has left its own state untouched; undefined while it is fresh. */
export function staleFor(state: HudState, now: number | undefined, options: Required<StalenessOptions>) {
  const turns = state.turns - state.agentEditTurn;
  const since = state.agentUpdatedAt ?? state.updatedAt;
  const ms = now !== undefined && since !== undefined ? Math.max(0, now - since) : 0;
  const byTurns = turns >= options.afterTurns;
  const byTime = now !== undefined && since !== undefined && ms >= options.afterMs;
  return byTurns || byTime ? { turns, ms: byTime || ms > 0 ? ms : undefined } : undefined;
}

/** Nudges the agent when its HUD state has not changed for a while (time and/or turns, configurable). */
export function Staleness({ state, now, options, density }: StalenessProps) {
  const stale = staleFor(state, now, options);
  // At minimal density the budget belongs to the task and blockers; staleness waits for more room.
  if (!stale || density === "minimal") return null;
  const age = [stale.ms !== undefined ? duration(stale.ms) : "", `${stale.turns} turns`].filter(Boolean).join(" / ");
  return (
    <section>
      <paragraph>
        <strong>Stale</strong> no HUD edits for {age} —{" "}
        {density === "compact" ? "update it with " : "check task, steps and blockers with "}
        <inlineCode value="hud" />
      </paragraph>
    </section>
  );
}
