import type { Density } from "../context/density.ts";
import type { FitInput, Slot } from "./fit.ts";
import { levelFor, othersTokens, totalTokens } from "./fit.ts";
import { dropsToFit } from "./levels.ts";

type Saved = Pick<Slot, "level" | "dropped" | "omitted">;

export const save = (slots: readonly Slot[]): Saved[] =>
  slots.map(({ level, dropped, omitted }) => ({ level, dropped, omitted }));
export const restore = (slots: Slot[], saved: readonly Saved[]): void =>
  slots.forEach((slot, i) => Object.assign(slot, saved[i]));

const ladderFrom = (start: Density): Density[] =>
  start === "full" ? ["full", "compact", "minimal"] : start === "compact" ? ["compact", "minimal"] : ["minimal"];

/**
 * After the ladder fits, hand unused room back, highest priority first: each section may climb back
 * toward its starting density and regain dropped items (or return from omission) if the total still fits.
 * This keeps one oversized low-priority section from leaving everything else at minimal.
 */
export function refill(slots: Slot[], fit: FitInput, room: number, overhead: () => number): void {
  const { cache, density } = fit;
  const total = () => totalTokens(slots, cache, overhead(), room);
  const order = [...slots].sort((a, b) => b.spec.priority - a.spec.priority);
  // Once a section keeps items hidden, lower ones may come back only as their one-line minimal form:
  // a note must never reappear while a blocker stays dropped.
  let capped = false;
  for (const slot of order) {
    if (!slot.level && !slot.omitted) continue;
    const before: Saved = { level: slot.level, dropped: slot.dropped, omitted: slot.omitted };
    for (const d of capped ? (["minimal"] as Density[]) : ladderFrom(density)) {
      const level = levelFor(slot, d, fit);
      if (!level) continue;
      if (level === before.level && !before.omitted && before.dropped === 0) break;
      Object.assign(slot, { level, omitted: false, dropped: level.n });
      if (level.n)
        slot.dropped = dropsToFit(level, room - othersTokens(slots, slot, overhead(), cache, room + 1), cache);
      if (total() <= room && better(slot, before)) break;
      Object.assign(slot, before);
    }
    if (degraded(slot, density)) capped = true;
  }
}

/** Shows less than its starting density would because of the budget (not by the density's design). */
function degraded(slot: Slot, start: Density): boolean {
  const level = slot.level;
  if (!level) return false;
  if (slot.omitted) return level.parts.total > 0;
  return slot.dropped > 0 || level.density !== start;
}

// Climbing back is only worth it when more of the section becomes visible.
function better(slot: Slot, before: Saved): boolean {
  if (before.omitted) return true;
  if (!before.level || !slot.level) return false;
  const rank = (d: Density) => (d === "full" ? 2 : d === "compact" ? 1 : 0);
  const shownNow = slot.level.n - slot.dropped;
  const shownBefore = before.level.n - before.dropped;
  if (shownNow !== shownBefore) return shownNow > shownBefore;
  return rank(slot.level.density) > rank(before.level.density);
}
