import type { Root } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const root: FromMdastHandler = (node: Root, state) => state.element("root", {}, node);
