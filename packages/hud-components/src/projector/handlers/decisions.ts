import { clip } from "../text.ts";
import { addItem, removeItem, type Handler } from "./handler.ts";

export const decisionRecord: Handler<"decision.record"> = (state, event, { caps, lengths }) =>
  addItem(state, "decisions", "d", caps.decisions, (id) => {
    const details = event.details === undefined ? "" : clip(event.details, lengths.details);
    return details
      ? { id, summary: clip(event.summary, lengths.summary), details, at: event.at }
      : { id, summary: clip(event.summary, lengths.summary), at: event.at };
  });

export const decisionRemove: Handler<"decision.remove"> = (state, event) =>
  removeItem(state, "decisions", event.id, "decision");
