import type { UText } from "../types.ts";
import { contain } from "../contain.ts";
import type { ToTerminalHandler } from "./state.ts";

// Agent-written text: contained, so it can never start a new row or send an escape sequence.
export const text: ToTerminalHandler = (node) => {
  const { value } = node as unknown as UText;
  return { inline: [{ text: contain(value), style: {} }] };
};
