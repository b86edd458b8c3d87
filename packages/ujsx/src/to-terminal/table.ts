import type { TermLine } from "../terminal-types.ts";
import type { ToTerminalHandler } from "./state.ts";

// Too narrow for columns: each row is its cells joined by a bar and wrapped; the header row is bold.
export const table: ToTerminalHandler = (node, state) => {
  const block: TermLine[] = [];
  state.all(node).forEach((piece, index) => {
    if (!("block" in piece)) return state.fail("<table> takes <row> children only, found inline content");
    for (const line of piece.block) {
      block.push(index === 0 ? line.map((span) => ({ text: span.text, style: { ...span.style, bold: true } })) : line);
    }
  });
  return { block };
};
