import type { ToTerminalHandler } from "./state.ts";

export const blockquote: ToTerminalHandler = (node, state) => {
  const bar = { text: "│ ", style: { role: "quote" as const } };
  return { block: state.indent(bar, bar, () => state.flow(node)) };
};
