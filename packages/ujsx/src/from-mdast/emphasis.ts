import type { Emphasis } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const emphasis: FromMdastHandler = (node: Emphasis, state) => state.element("emphasis", {}, node);
