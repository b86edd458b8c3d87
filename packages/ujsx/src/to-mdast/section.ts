import type { ToMdastHandler } from "./state.ts";

// A section only groups: its children join the parent's content, which decides how to wrap them.
export const section: ToMdastHandler = (node, state) => state.all(node);
