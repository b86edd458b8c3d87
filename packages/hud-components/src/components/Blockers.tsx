/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Blocker } from "../state/items.ts";
import { heading, item, itemPart, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type BlockersProps = { blockers: Blocker[]; density: Density };

export function blockerParts({ blockers, density }: BlockersProps): SectionParts | null {
  if (!blockers.length) return null;
  const base = { noun: "blockers", listOp: "blockers.list", total: blockers.length, items: [] };
  if (density === "minimal") {
    const latest = blockers[blockers.length - 1] as Blocker;
    const more = blockers.length > 1 ? ` (+${blockers.length - 1})` : "";
    return { ...base, shown: 1, head: [labelLine("Blocked", `${latest.id}: ${short(latest.description, 40)}${more}`)] };
  }
  const max = density === "full" ? 160 : 80;
  return {
    ...base,
    head: [heading("Blockers")],
    items: blockers.map((b) => itemPart(b, () => item(`${b.id}: ${short(b.description, max)}`), density)),
  };
}

/** What prevents progress; outranks notes under budget pressure. */
export function Blockers(props: BlockersProps) {
  return sectionTree(blockerParts(props));
}

export const blockersSection: SectionSpec = {
  name: "blockers",
  priority: 80,
  stability: "stable",
  deps: ({ view }) => [view.session.blockers],
  parts: ({ view }, density) => blockerParts({ blockers: view.session.blockers, density }),
};
