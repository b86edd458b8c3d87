/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Blocker } from "../state/items.ts";
import { short } from "./markup.ts";

export type BlockersProps = { blockers: Blocker[]; density: Density };
export type BlockerItemProps = { blocker: Blocker; density: Density };

export function BlockerItem({ blocker, density }: BlockerItemProps) {
  return (
    <item>
      <paragraph>
        {blocker.id}: {short(blocker.description, density === "full" ? 160 : 80)}
      </paragraph>
    </item>
  );
}

/** What prevents progress; outranks notes under budget pressure. */
export function Blockers({ blockers, density }: BlockersProps) {
  const latest = blockers[blockers.length - 1];
  if (!latest) return null;
  if (density === "minimal") {
    return (
      <section>
        <paragraph>
          <strong>Blocked</strong> {latest.id}: {short(latest.description, 40)}
          {blockers.length > 1 ? ` (+${blockers.length - 1})` : ""}
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>Blockers</heading>
      <list>
        {blockers.map((blocker) => (
          <BlockerItem blocker={blocker} density={density} />
        ))}
      </list>
    </section>
  );
}
