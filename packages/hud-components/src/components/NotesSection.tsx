/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Note } from "../state/items.ts";
import { ListSection } from "./ListSection.tsx";
import { NoteItem } from "./NoteItem.tsx";
import { short } from "./markup.ts";

export type NotesSectionProps = { notes: Note[]; density: Density };

/** The agent's scratchpad; the first section to shrink when the budget binds. */
export function NotesSection({ notes, density }: NotesSectionProps) {
  if (!notes.length) return null;
  const line =
    density === "minimal" ? (
      <>
        <strong>Notes</strong> {notes.length} — <inlineCode value="hud notes.list" />
      </>
    ) : undefined;
  return <ListSection title="Notes" items={notes} Item={NoteItem} density={density} line={line} />;
}
