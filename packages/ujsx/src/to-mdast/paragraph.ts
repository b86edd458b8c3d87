import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const paragraph: ToMdastHandler = (node, state) => u("paragraph", state.phrasing(node));
