/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { HudState } from "../state/hud-state.ts";
import { h } from "@agent-hud/ujsx";
import { labelLine, sectionTree } from "./parts.ts";
import type { SectionParts, SectionSpec, StalenessOptions } from "./section-spec.ts";

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

export function stalenessParts({ state, now, options, density }: StalenessProps): SectionParts | null {
  const stale = staleFor(state, now, options);
  // At minimal density the budget belongs to the task and blockers; staleness waits for more room.
  if (!stale || density === "minimal") return null;
  const age = [stale.ms !== undefined ? duration(stale.ms) : "", `${stale.turns} turns`].filter(Boolean).join(" / ");
  const line =
    density === "compact"
      ? labelLine("Stale", `no HUD edits for ${age} — update it with `, h("code", { value: "hud" }))
      : labelLine(
          "Stale",
          `no HUD edits for ${age} — check task, steps and blockers with `,
          h("code", { value: "hud" }),
        );
  return { head: [line], items: [], noun: "staleness", listOp: "snapshot", total: 1 };
}

/** Nudges the agent when its HUD state has not changed for a while (time and/or turns, configurable). */
export function Staleness(props: StalenessProps) {
  return sectionTree(stalenessParts(props));
}

export const stalenessSection: SectionSpec = {
  name: "staleness",
  priority: 60,
  stability: "volatile",
  parts: ({ view, now, staleness }, density) =>
    stalenessParts({ state: view.session, now, options: staleness, density }),
};
