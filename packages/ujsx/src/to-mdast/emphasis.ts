import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const emphasis: ToMdastHandler = (node, state) => u("emphasis", state.phrasing(node));
