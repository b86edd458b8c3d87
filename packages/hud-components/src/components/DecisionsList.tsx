/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Decision } from "../state/items.ts";
import { ListSection, type ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

export type DecisionsListProps = { decisions: Decision[]; density: Density; title?: string };
export type DecisionItemProps = ListItemProps<Decision>;

export function DecisionItem({ item: d, density }: DecisionItemProps) {
  const full = density === "full";
  return (
    <item>
      <paragraph>
        {d.id}: {short(d.summary, full ? 120 : 70)}
        {full && d.details ? ` — ${short(d.details, 100)}` : ""}
      </paragraph>
    </item>
  );
}

/** Decisions and why, so they are not re-litigated after a compaction. */
export function DecisionsList({ decisions, density, title = "Decisions" }: DecisionsListProps) {
  if (!decisions.length) return null;
  const line =
    density === "minimal" ? (
      <>
        <strong>{title}</strong> {decisions.length} — <code value="hud decisions.list" />
      </>
    ) : undefined;
  return <ListSection title={title} items={decisions} Item={DecisionItem} density={density} line={line} />;
}
