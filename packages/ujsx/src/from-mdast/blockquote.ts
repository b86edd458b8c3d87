import type { Blockquote } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const blockquote: FromMdastHandler = (node: Blockquote, state) => state.element("quote", {}, node);
