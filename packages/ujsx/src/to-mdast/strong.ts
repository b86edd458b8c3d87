import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const strong: ToMdastHandler = (node, state) => u("strong", state.phrasing(node));
