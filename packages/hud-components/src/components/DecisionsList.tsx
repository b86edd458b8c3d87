/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Decision } from "../state/items.ts";
import { command, heading, item, itemPart, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type DecisionsListProps = { decisions: Decision[]; density: Density; title?: string };

export function decisionParts({ decisions, density, title = "Decisions" }: DecisionsListProps): SectionParts | null {
  if (!decisions.length) return null;
  const base = { noun: "decisions", listOp: "decisions.list", total: decisions.length };
  if (density === "minimal") {
    return {
      ...base,
      shown: 0,
      items: [],
      head: [labelLine(title, `${decisions.length} — `, command("decisions.list"))],
    };
  }
  const line = (d: Decision) =>
    density === "full" && d.details
      ? `${d.id}: ${short(d.summary, 120)} — ${short(d.details, 100)}`
      : `${d.id}: ${short(d.summary, density === "full" ? 120 : 70)}`;
  return { ...base, head: [heading(title)], items: decisions.map((d) => itemPart(d, () => item(line(d)), density)) };
}

/** Decisions and why, so they are not re-litigated after a compaction. */
export function DecisionsList(props: DecisionsListProps) {
  return sectionTree(decisionParts(props));
}

export const decisionsSection: SectionSpec = {
  name: "decisions",
  priority: 60,
  stability: "stable",
  deps: ({ view }) => [view.session.decisions],
  parts: ({ view }, density) => decisionParts({ decisions: view.session.decisions, density }),
};
