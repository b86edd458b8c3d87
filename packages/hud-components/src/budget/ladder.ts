import type { Density } from "../density/density.ts";
import type { SectionInput, SectionSpec } from "../sections/section-spec.ts";
import type { PartCache } from "./part-cache.ts";
import { densityParts, dropsToFit, estimate, type DensityParts } from "./density-parts.ts";

export type SectionFit = {
  spec: SectionSpec;
  /** The parts at the density the ladder has reached; undefined once the section is omitted. */
  parts: DensityParts | undefined;
  dropped: number;
  omitted: boolean;
  byDensity: Map<Density, DensityParts | null>;
};

export type FitInput = {
  specs: readonly SectionSpec[];
  input: SectionInput;
  density: Density;
  cache: PartCache;
  /** Tokens of the parts outside the sections (title, omission line), given the current sections. */
  overhead: (sections: readonly SectionFit[]) => number;
};

export const partsFor = (section: SectionFit, density: Density, fit: FitInput): DensityParts | null =>
  partsAt(section, density, fit.input, fit.cache);

function partsAt(section: SectionFit, density: Density, input: SectionInput, cache: PartCache): DensityParts | null {
  if (!section.byDensity.has(density))
    section.byDensity.set(density, densityParts(section.spec, input, density, cache));
  return section.byDensity.get(density) ?? null;
}

export function initialSections({ specs, input, density, cache }: FitInput): SectionFit[] {
  return specs.map((spec) => {
    const section: SectionFit = { spec, parts: undefined, dropped: 0, omitted: false, byDensity: new Map() };
    section.parts = partsAt(section, density, input, cache) ?? undefined;
    return section;
  });
}

export const sectionTokens = (section: SectionFit, cache: PartCache, cap = Infinity): number =>
  section.parts && !section.omitted ? estimate(section.parts, section.dropped, cache, cap) : 0;

/**
 * The budget ladder, one mutation per step, lowest priority first in every phase:
 * (A) per section: full → compact, then drop items in its drop order; (B) → minimal; (C) omit.
 * Blockers outrank notes, so no blocker is touched in a phase before every note has been.
 * Dropping jumps straight to the smallest drop count that fits (binary search over prefix sums);
 * if the exact count still disagrees, later calls drop one more item at a time.
 */
export function* ladder(sections: SectionFit[], fit: FitInput, room: () => number): Generator<void> {
  const { input, cache } = fit;
  const order = sections
    .map((section, index) => ({ section, index }))
    .sort((a, b) => a.section.spec.priority - b.section.spec.priority || b.index - a.index)
    .map((entry) => entry.section);
  const live = (s: SectionFit) => s.parts !== undefined && !s.omitted;

  for (const section of order) {
    if (!live(section)) continue;
    if (section.parts?.density === "full") {
      const compact = partsAt(section, "compact", input, cache);
      if (compact) {
        section.parts = compact;
        yield;
      }
    }
    const parts = section.parts;
    if (!parts || !parts.n) continue;
    const target = room() - othersTokens(sections, section, fit.overhead(sections), cache, room() + 1);
    section.dropped = Math.max(section.dropped, dropsToFit(parts, target, cache));
    if (section.dropped === parts.n) {
      // Nothing of the list would survive: the one-line minimal form says the same for fewer tokens.
      const minimal = partsAt(section, "minimal", input, cache);
      if (minimal && estimate(minimal, 0, cache) < estimate(parts, section.dropped, cache)) {
        section.parts = minimal;
        section.dropped = 0;
        yield;
        continue;
      }
    }
    yield;
    while (section.dropped < parts.n) {
      section.dropped += 1;
      yield;
    }
  }
  for (const section of order) {
    if (!live(section) || section.parts?.density === "minimal") continue;
    const minimal = partsAt(section, "minimal", input, cache);
    if (!minimal) continue;
    section.parts = minimal;
    section.dropped = 0;
    yield;
  }
  for (const section of order) {
    if (!live(section)) continue;
    section.omitted = true;
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
  sections: readonly SectionFit[],
  cache: PartCache,
  base: number,
  cap: number,
  except?: SectionFit,
): number {
  let sum = base;
  for (const s of byPriority(sections)) {
    if (sum > cap) break;
    if (s !== except) sum += sectionTokens(s, cache, cap - sum);
  }
  return sum;
}

/** Tokens of every section but `section`, plus overhead; exact up to `cap`, since only "over the room" matters. */
export const othersTokens = (
  sections: readonly SectionFit[],
  section: SectionFit,
  overhead: number,
  cache: PartCache,
  cap: number,
): number => totalTokens(sections, cache, overhead, cap, section);

const ranked = new WeakMap<readonly SectionFit[], SectionFit[]>();
function byPriority(sections: readonly SectionFit[]): SectionFit[] {
  let order = ranked.get(sections);
  if (!order || order.length !== sections.length) {
    order = [...sections].sort((a, b) => b.spec.priority - a.spec.priority);
    ranked.set(sections, order);
  }
  return order;
}

/** Items not individually shown, per section: dropped items, list-less densities, omitted sections. */
export function omittedCounts(sections: readonly SectionFit[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const section of sections) {
    const parts = section.parts ?? section.byDensity.values().next().value ?? undefined;
    if (!parts) continue;
    const { total, shown = total } = parts.source;
    const visible = section.omitted ? 0 : parts.n ? parts.n - section.dropped : shown;
    const hidden = total - visible;
    if (hidden > 0) out[section.spec.name] = hidden;
  }
  return out;
}
