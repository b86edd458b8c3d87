import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const cell: ToMdastHandler = (node, state) => u("tableCell", state.phrasing(node));
