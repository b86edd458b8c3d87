import type { TableCell } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const tableCell: FromMdastHandler = (node: TableCell, state) => state.element("cell", {}, node);
