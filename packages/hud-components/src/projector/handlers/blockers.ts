import { clip } from "../text.ts";
import { addItem, removeItem, type Handler } from "./handler.ts";

export const blockerAdd: Handler<"blocker.add"> = (state, event, { caps, lengths }) =>
  addItem(state, "blockers", "b", caps.blockers, (id) => ({
    id,
    description: clip(event.description, lengths.blocker),
    at: event.at,
  }));

export const blockerRemove: Handler<"blocker.remove"> = (state, event) =>
  removeItem(state, "blockers", event.id, "blocker");
