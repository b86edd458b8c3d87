import type { ToTerminalHandler } from "./state.ts";

export const cell: ToTerminalHandler = (node, state) => ({ inline: state.phrasing(node) });
