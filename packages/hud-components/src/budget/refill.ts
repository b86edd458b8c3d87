import type { Density } from "../density/density.ts";
import type { FitInput, SectionFit } from "./ladder.ts";
import { partsFor, othersTokens, totalTokens } from "./ladder.ts";
import { dropsToFit } from "./density-parts.ts";

type Saved = Pick<SectionFit, "parts" | "dropped" | "omitted">;

export const save = (sections: readonly SectionFit[]): Saved[] =>
  sections.map(({ parts, dropped, omitted }) => ({ parts, dropped, omitted }));
export const restore = (sections: SectionFit[], saved: readonly Saved[]): void =>
  sections.forEach((section, i) => Object.assign(section, saved[i]));

const ladderFrom = (start: Density): Density[] =>
  start === "full" ? ["full", "compact", "minimal"] : start === "compact" ? ["compact", "minimal"] : ["minimal"];

/**
 * After the ladder fits, hand unused room back, highest priority first: each section may climb back
 * toward its starting density and regain dropped items (or return from omission) if the total still fits.
 * This keeps one oversized low-priority section from leaving everything else at minimal.
 */
export function refill(sections: SectionFit[], fit: FitInput, room: number, overhead: () => number): void {
  const { cache, density } = fit;
  const total = () => totalTokens(sections, cache, overhead(), room);
  const order = [...sections].sort((a, b) => b.spec.priority - a.spec.priority);
  // Once a section keeps items hidden, lower ones may come back only as their one-line minimal form:
  // a note must never reappear while a blocker stays dropped.
  let capped = false;
  for (const section of order) {
    if (!section.parts && !section.omitted) continue;
    const before: Saved = { parts: section.parts, dropped: section.dropped, omitted: section.omitted };
    for (const d of capped ? (["minimal"] as Density[]) : ladderFrom(density)) {
      const parts = partsFor(section, d, fit);
      if (!parts) continue;
      if (parts === before.parts && !before.omitted && before.dropped === 0) break;
      Object.assign(section, { parts, omitted: false, dropped: parts.n });
      if (parts.n)
        section.dropped = dropsToFit(parts, room - othersTokens(sections, section, overhead(), cache, room + 1), cache);
      if (total() <= room && better(section, before)) break;
      Object.assign(section, before);
    }
    if (degraded(section, density)) capped = true;
  }
}

/** Shows less than its starting density would because of the budget (not by the density's design). */
function degraded(section: SectionFit, start: Density): boolean {
  const parts = section.parts;
  if (!parts) return false;
  if (section.omitted) return parts.source.total > 0;
  return section.dropped > 0 || parts.density !== start;
}

// Climbing back is only worth it when more of the section becomes visible.
function better(section: SectionFit, before: Saved): boolean {
  if (before.omitted) return true;
  if (!before.parts || !section.parts) return false;
  const rank = (d: Density) => (d === "full" ? 2 : d === "compact" ? 1 : 0);
  const shownNow = section.parts.n - section.dropped;
  const shownBefore = before.parts.n - before.dropped;
  if (shownNow !== shownBefore) return shownNow > shownBefore;
  return rank(section.parts.density) > rank(before.parts.density);
}
