import { capFifo, clip, tail } from "../text.ts";
import { done } from "../result.ts";
import type { Handler } from "./handler.ts";

export const toolResult: Handler<"tool.result"> = (state, event, { caps, lengths }) => {
  const entry = {
    tool: event.tool,
    ...(event.command !== undefined ? { command: clip(event.command, lengths.command) } : {}),
    ...(event.exit !== undefined ? { exit: event.exit } : {}),
    output: tail(event.output, lengths.toolOutput),
    at: event.at,
  };
  return done({ ...state, toolResults: capFifo([...state.toolResults, entry], caps.toolResults) });
};
