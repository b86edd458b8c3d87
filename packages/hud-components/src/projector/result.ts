import type { HudState } from "../state/hud-state.ts";

export type Outcome = { ok: true; id?: string; ids?: string[] } | { ok: false; reason: string };
export type ApplyResult = { state: HudState; outcome: Outcome };

export const done = (state: HudState, id?: string, ids?: string[]): ApplyResult => ({
  state,
  outcome: ids ? { ok: true, id, ids } : id === undefined ? { ok: true } : { ok: true, id },
});

export const noop = (state: HudState, reason: string): ApplyResult => ({ state, outcome: { ok: false, reason } });

export function missing(state: HudState, what: string, id: string, present: { id: string }[]): ApplyResult {
  const known = present.length ? present.map((item) => item.id).join(", ") : "none";
  return noop(state, `no ${what} with id "${id}" (known: ${known})`);
}
