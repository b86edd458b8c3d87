/** @jsxImportSource @agent-hud/ujsx */
import type { Decision } from "../state/items.ts";
import type { ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

export type ParentDecisionProps = ListItemProps<Decision>;

export function ParentDecision({ item }: ParentDecisionProps) {
  return (
    <item>
      <paragraph>
        {item.id}: {short(item.summary, 100)}
      </paragraph>
    </item>
  );
}
