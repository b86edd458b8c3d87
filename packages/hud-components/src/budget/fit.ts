import type { Density } from "../context/density.ts";
import type { SectionInput, SectionSpec } from "../components/section-spec.ts";
import type { PartCache } from "../render/part-cache.ts";
import { buildLevel, dropsToFit, estimate, type Level } from "./levels.ts";

export type Slot = {
  spec: SectionSpec;
  /** Current level; undefined once the section is omitted. */
  level: Level | undefined;
  dropped: number;
  omitted: boolean;
  levels: Map<Density, Level | null>;
};

export type FitInput = {
  specs: readonly SectionSpec[];
  input: SectionInput;
  density: Density;
  cache: PartCache;
  /** Tokens of the parts outside the sections (title, omission line), given the current slots. */
  overhead: (slots: readonly Slot[]) => number;
};

export const levelFor = (slot: Slot, density: Density, fit: FitInput): Level | null =>
  levelOf(slot, density, fit.input, fit.cache);

function levelOf(slot: Slot, density: Density, input: SectionInput, cache: PartCache): Level | null {
  if (!slot.levels.has(density)) slot.levels.set(density, buildLevel(slot.spec, input, density, cache));
  return slot.levels.get(density) ?? null;
}

export function initialSlots({ specs, input, density, cache }: FitInput): Slot[] {
  return specs.map((spec) => {
    const slot: Slot = { spec, level: undefined, dropped: 0, omitted: false, levels: new Map() };
    slot.level = levelOf(slot, density, input, cache) ?? undefined;
    return slot;
  });
}

export const slotTokens = (slot: Slot, cache: PartCache, cap = Infinity): number =>
  slot.level && !slot.omitted ? estimate(slot.level, slot.dropped, cache, cap) : 0;

/**
 * The budget ladder, one mutation per step, lowest priority first in every phase:
 * (A) per section: full → compact, then drop items in its drop order; (B) → minimal; (C) omit.
 * Blockers outrank notes, so no blocker is touched in a phase before every note has been.
 * Dropping jumps straight to the smallest drop count that fits (binary search over prefix sums);
 * if the exact count still disagrees, later calls drop one more item at a time.
 */
export function* ladder(slots: Slot[], fit: FitInput, room: () => number): Generator<void> {
  const { input, cache } = fit;
  const order = slots
    .map((slot, index) => ({ slot, index }))
    .sort((a, b) => a.slot.spec.priority - b.slot.spec.priority || b.index - a.index)
    .map((entry) => entry.slot);
  const live = (s: Slot) => s.level !== undefined && !s.omitted;

  for (const slot of order) {
    if (!live(slot)) continue;
    if (slot.level?.density === "full") {
      const compact = levelOf(slot, "compact", input, cache);
      if (compact) {
        slot.level = compact;
        yield;
      }
    }
    const level = slot.level;
    if (!level || !level.n) continue;
    const target = room() - othersTokens(slots, slot, fit.overhead(slots), cache, room() + 1);
    slot.dropped = Math.max(slot.dropped, dropsToFit(level, target, cache));
    if (slot.dropped === level.n) {
      // Nothing of the list would survive: the one-line minimal form says the same for fewer tokens.
      const minimal = levelOf(slot, "minimal", input, cache);
      if (minimal && estimate(minimal, 0, cache) < estimate(level, slot.dropped, cache)) {
        slot.level = minimal;
        slot.dropped = 0;
        yield;
        continue;
      }
    }
    yield;
    while (slot.dropped < level.n) {
      slot.dropped += 1;
      yield;
    }
  }
  for (const slot of order) {
    if (!live(slot) || slot.level?.density === "minimal") continue;
    const minimal = levelOf(slot, "minimal", input, cache);
    if (!minimal) continue;
    slot.level = minimal;
    slot.dropped = 0;
    yield;
  }
  for (const slot of order) {
    if (!live(slot)) continue;
    slot.omitted = true;
    yield;
  }
}

/**
 * `base` plus the tokens of every section but `except`: exact up to `cap`, above it only guaranteed to be
 * above `cap` (all any caller compares). Sections are summed highest priority first and the sum stops
 * once over the cap, so the low-priority sections the ladder is about to shrink are not serialised
 * just to learn that the total is over.
 */
export function totalTokens(
  slots: readonly Slot[],
  cache: PartCache,
  base: number,
  cap: number,
  except?: Slot,
): number {
  let sum = base;
  for (const s of byPriority(slots)) {
    if (sum > cap) break;
    if (s !== except) sum += slotTokens(s, cache, cap - sum);
  }
  return sum;
}

/** Tokens of every section but `slot`, plus overhead; exact up to `cap`, since only "over the room" matters. */
export const othersTokens = (
  slots: readonly Slot[],
  slot: Slot,
  overhead: number,
  cache: PartCache,
  cap: number,
): number => totalTokens(slots, cache, overhead, cap, slot);

const ranked = new WeakMap<readonly Slot[], Slot[]>();
function byPriority(slots: readonly Slot[]): Slot[] {
  let order = ranked.get(slots);
  if (!order || order.length !== slots.length) {
    order = [...slots].sort((a, b) => b.spec.priority - a.spec.priority);
    ranked.set(slots, order);
  }
  return order;
}

/** Items not individually shown, per section: dropped items, list-less densities, omitted sections. */
export function omittedCounts(slots: readonly Slot[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const slot of slots) {
    const level = slot.level ?? slot.levels.values().next().value ?? undefined;
    if (!level) continue;
    const { total, shown = total } = level.parts;
    const visible = slot.omitted ? 0 : level.n ? level.n - slot.dropped : shown;
    const hidden = total - visible;
    if (hidden > 0) out[slot.spec.name] = hidden;
  }
  return out;
}
