import { type Inline } from "./wrap.ts";
import type { ToTerminalHandler } from "./state.ts";

export const tableRow: ToTerminalHandler = (node, state) => {
  const inline: Inline[] = [];
  state.all(node).forEach((cell, index) => {
    if (!("inline" in cell)) return state.fail("<row> takes <cell> children only, found rows");
    if (index > 0) inline.push({ text: " │ ", style: { role: "muted" } });
    inline.push(...cell.inline);
  });
  return { block: state.wrap(inline) };
};
