import type { TableRow } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const tableRow: FromMdastHandler = (node: TableRow, state) => state.element("row", {}, node);
