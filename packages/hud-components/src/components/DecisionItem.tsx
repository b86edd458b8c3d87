/** @jsxImportSource @agent-hud/ujsx */
import type { Decision } from "../state/items.ts";
import type { ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

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
