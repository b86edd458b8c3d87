/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Blocker } from "../state/items.ts";
import { ListSection, type ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

export type BlockersProps = { blockers: Blocker[]; density: Density };
export type BlockerItemProps = ListItemProps<Blocker>;

export function BlockerItem({ item, density }: BlockerItemProps) {
  return (
    <item>
      <paragraph>
        {item.id}: {short(item.description, density === "full" ? 160 : 80)}
      </paragraph>
    </item>
  );
}

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
