/** @jsxImportSource @agent-hud/ujsx */
import type { Note } from "../state/items.ts";
import type { ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";

export type NoteItemProps = ListItemProps<Note>;

export function NoteItem({ item, density }: NoteItemProps) {
  return (
    <item>
      <paragraph>
        {item.id}: {short(item.content, density === "full" ? 200 : 80)}
      </paragraph>
    </item>
  );
}
