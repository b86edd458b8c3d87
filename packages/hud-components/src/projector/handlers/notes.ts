import { clip } from "../text.ts";
import { done, missing } from "../result.ts";
import { addItem, removeItem, type Handler } from "./handler.ts";

export const noteAdd: Handler<"note.add"> = (state, event, { caps, lengths }) =>
  addItem(state, "notes", "n", caps.notes, (id) => ({
    id,
    content: clip(event.content, lengths.note),
    at: event.at,
    updatedAt: event.at,
  }));

export const noteUpdate: Handler<"note.update"> = (state, event, { lengths }) => {
  const index = state.notes.findIndex((note) => note.id === event.id);
  const current = state.notes[index];
  if (!current) return missing(state, "note", event.id, state.notes);
  const notes = state.notes.slice();
  notes[index] = { ...current, content: clip(event.content, lengths.note), updatedAt: event.at };
  return done({ ...state, notes }, event.id);
};

export const noteRemove: Handler<"note.remove"> = (state, event) => removeItem(state, "notes", event.id, "note");
