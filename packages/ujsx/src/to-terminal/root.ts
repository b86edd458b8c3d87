import type { ToTerminalHandler } from "./state.ts";

export const root: ToTerminalHandler = (node, state) => ({ block: state.flow(node) });
