import type { TableCell } from "mdast";
import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const tableRow: ToMdastHandler = (node, state) => {
  const cells = state.all(node);
  for (const cell of cells) {
    if (cell.type !== "tableCell") state.fail(`<row> takes <cell> children only, found mdast ${cell.type}`);
  }
  return u("tableRow", cells as TableCell[]);
};
