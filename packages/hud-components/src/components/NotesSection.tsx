/** @jsxImportSource @agent-hud/ujsx */
import type { Density } from "../context/density.ts";
import type { Note } from "../state/items.ts";
import { command, heading, item, itemPart, labelLine, sectionTree, short } from "./parts.ts";
import type { SectionParts, SectionSpec } from "./section-spec.ts";

export type NotesSectionProps = { notes: Note[]; density: Density };

export function noteParts({ notes, density }: NotesSectionProps): SectionParts | null {
  if (!notes.length) return null;
  const base = { noun: "notes", listOp: "notes.list", total: notes.length };
  if (density === "minimal")
    return { ...base, shown: 0, items: [], head: [labelLine("Notes", `${notes.length} — `, command("notes.list"))] };
  const max = density === "full" ? 200 : 80;
  return {
    ...base,
    head: [heading("Notes")],
    items: notes.map((n) => itemPart(n, () => item(`${n.id}: ${short(n.content, max)}`), density)),
  };
}

/** The agent's scratchpad; the first section to shrink when the budget binds. */
export function NotesSection(props: NotesSectionProps) {
  return sectionTree(noteParts(props));
}

export const notesSection: SectionSpec = {
  name: "notes",
  priority: 40,
  stability: "stable",
  deps: ({ view }) => [view.session.notes],
  parts: ({ view }, density) => noteParts({ notes: view.session.notes, density }),
};
