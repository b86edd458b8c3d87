/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Decision } from "../state/items.ts";
import { short } from "./markup.ts";

export type DecisionsListProps = { decisions: Decision[]; density: Density; title?: string };
export type DecisionItemProps = { decision: Decision; density: Density };

export function DecisionItem({ decision: d, density }: DecisionItemProps) {
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
  if (density === "minimal") {
    return (
      <section>
        <paragraph>
          <strong>{title}</strong> {decisions.length} — <code value="hud decisions.list" />
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>{title}</heading>
      <list>
        {decisions.map((decision) => (
          <DecisionItem decision={decision} density={density} />
        ))}
      </list>
    </section>
  );
}
