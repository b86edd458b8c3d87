import type { ToTerminalHandler } from "./state.ts";

export const tableCell: ToTerminalHandler = (node, state) => ({ inline: state.phrasing(node) });
