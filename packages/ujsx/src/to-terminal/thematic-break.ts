import type { ToTerminalHandler } from "./state.ts";

export const thematicBreak: ToTerminalHandler = (_node, state) => ({
  block: [[{ text: "─".repeat(state.width), style: { role: "muted" } }]],
});
