import type { ToTerminalHandler } from "./state.ts";

// A section only groups: its children join the parent's content, which decides how to lay them out.
export const section: ToTerminalHandler = (node, state) => state.all(node);
