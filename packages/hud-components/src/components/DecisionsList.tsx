/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Decision } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { DecisionItem } from "./DecisionItem.tsx";
import { short } from "./markup.ts";

export type DecisionsListProps = { decisions: Decision[]; density: Density; title?: string };

/** Decisions and why, so they are not re-litigated after a compaction. */
export function DecisionsList({ decisions, density, title = "Decisions" }: DecisionsListProps) {
  if (!decisions.length) return null;
  const line =
    density === "minimal" ? (
      <>
        <strong>{title}</strong> {decisions.length} — <inlineCode value="hud decisions.list" />
      </>
    ) : undefined;
  return <ListSection title={title} items={decisions} Item={DecisionItem} density={density} line={line} />;
}
