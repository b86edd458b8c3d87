/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Blocker } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { BlockerItem } from "./BlockerItem.tsx";
import { short } from "./markup.ts";

export type BlockersProps = { blockers: Blocker[]; density: Density };

/** What prevents progress; outranks notes under budget pressure. */
export function Blockers({ blockers, density }: BlockersProps) {
  const latest = blockers[blockers.length - 1];
  if (!latest) return null;
  const line =
    density === "minimal" ? (
      <>
        <strong>Blocked</strong> {latest.id}: {short(latest.description, 40)}
        {blockers.length > 1 ? ` (+${blockers.length - 1})` : ""}
      </>
    ) : undefined;
  return <ListSection title="Blockers" items={blockers} Item={BlockerItem} density={density} line={line} />;
}
