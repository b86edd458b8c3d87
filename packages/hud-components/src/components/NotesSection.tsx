/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../density/density.ts";
import type { Note } from "../state/items.ts";
import { short } from "./markup.ts";

export type NotesSectionProps = { notes: Note[]; density: Density };
export type NoteItemProps = { note: Note; density: Density };

export function NoteItem({ note, density }: NoteItemProps) {
  return (
    <item>
      <paragraph>
        {note.id}: {short(note.content, density === "full" ? 200 : 80)}
      </paragraph>
    </item>
  );
}

/** The agent's scratchpad; the first section to shrink when the budget binds. */
export function NotesSection({ notes, density }: NotesSectionProps) {
  if (!notes.length) return null;
  if (density === "minimal") {
    return (
      <section>
        <paragraph>
          <strong>Notes</strong> {notes.length} — <code value="hud notes.list" />
        </paragraph>
      </section>
    );
  }
  return (
    <section>
      <heading depth={4}>Notes</heading>
      <list>
        {notes.map((note) => (
          <NoteItem note={note} density={density} />
        ))}
      </list>
    </section>
  );
}
