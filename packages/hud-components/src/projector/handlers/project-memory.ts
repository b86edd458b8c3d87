import { clip } from "../text.ts";
import { addItem, removeItem, type Handler } from "./handler.ts";

export const conventionAdd: Handler<"convention.add"> = (state, event, { caps, lengths }) =>
  addItem(state, "conventions", "c", caps.conventions, (id) => ({
    id,
    content: clip(event.content, lengths.convention),
    at: event.at,
  }));

export const conventionRemove: Handler<"convention.remove"> = (state, event) =>
  removeItem(state, "conventions", event.id, "convention");

export const keyFileAdd: Handler<"keyfile.add"> = (state, event, { caps, lengths }) =>
  addItem(state, "keyfiles", "k", caps.keyfiles, (id) => {
    const note = event.note === undefined ? "" : clip(event.note, lengths.note);
    const path = clip(event.path, lengths.path);
    return note ? { id, path, note, at: event.at } : { id, path, at: event.at };
  });

export const keyFileRemove: Handler<"keyfile.remove"> = (state, event) =>
  removeItem(state, "keyfiles", event.id, "key file");
