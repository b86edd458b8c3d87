import type { ToTerminalHandler } from "./state.ts";

export const paragraph: ToTerminalHandler = (node, state) => ({ block: state.wrap(state.phrasing(node)) });
