import { u } from "unist-builder";
import type { ToMdastHandler } from "./state.ts";

export const blockquote: ToMdastHandler = (node, state) => u("blockquote", state.flow(node));
