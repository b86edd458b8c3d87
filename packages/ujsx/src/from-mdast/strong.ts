import type { Strong } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const strong: FromMdastHandler = (node: Strong, state) => state.element("strong", {}, node);
