import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const tableCell: ToMdastHandler = (node, state) => u("tableCell", state.phrasing(node));
