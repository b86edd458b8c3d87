import type { ToTerminalHandler } from "./state.ts";

export const rule: ToTerminalHandler = (_node, state) => ({
  block: [[{ text: "─".repeat(state.width), style: { role: "muted" } }]],
});
