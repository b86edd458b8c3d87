/** @jsxImportSource @agent-hud/ujsx */
import type { Blocker } from "../state/items.ts";
import type { ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

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
