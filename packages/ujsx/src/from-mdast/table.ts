import type { Table } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const table: FromMdastHandler = (node: Table, state) => {
  const align = node.align ?? [];
  return state.element("table", align.some((a) => a !== null) ? { align: [...align] } : {}, node);
};
