import type { Static } from "@sinclair/typebox";
import type { TableRow } from "mdast";
import { u } from "unist-builder";
import type { Table } from "../nodes/table.ts";
import type { ToMdastHandler } from "./state.ts";

export const table: ToMdastHandler<Static<typeof Table.schema>> = (node, state) => {
  const rows = state.all(node);
  for (const row of rows) {
    if (row.type !== "tableRow") state.fail(`<table> takes <row> children only, found mdast ${row.type}`);
  }
  return u("table", { align: node.props.align ?? null }, rows as TableRow[]);
};
