/** @jsxImportSource @agent-hud/ujsx */
import { FilePath } from "./FilePath.tsx";
import type { ListItemProps } from "./ListSection.tsx";
import { short } from "./markup.ts";
import type { MemoryEntry } from "./ProjectMemory.tsx";

export type ProjectMemoryItemProps = ListItemProps<MemoryEntry>;

/** One remembered item, its kind said in words (a step is a task item). */
export function ProjectMemoryItem({ item: entry, density }: ProjectMemoryItemProps) {
  const max = density === "full" ? 140 : 70;
  switch (entry.kind) {
    case "convention":
      return (
        <item>
          <paragraph>
            {entry.item.id} convention: {short(entry.item.content, max)}
          </paragraph>
        </item>
      );
    case "keyfile":
      return (
        <item>
          <paragraph>
            {entry.item.id} key file: <FilePath path={entry.item.path} max={100} />
            {entry.item.note ? ` — ${short(entry.item.note, max)}` : ""}
          </paragraph>
        </item>
      );
    case "decision":
      return (
        <item>
          <paragraph>
            {entry.item.id} decision: {short(entry.item.summary, max)}
          </paragraph>
        </item>
      );
    case "note":
      return (
        <item>
          <paragraph>
            {entry.item.id} note: {short(entry.item.content, max)}
          </paragraph>
        </item>
      );
    case "step":
      return (
        <item checked={entry.item.done}>
          <paragraph>
            {entry.item.id}: {short(entry.item.description, max)}
          </paragraph>
        </item>
      );
  }
}
