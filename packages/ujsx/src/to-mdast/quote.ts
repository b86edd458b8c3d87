import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const quote: ToMdastHandler = (node, state) => u("blockquote", state.flow(node));
