import type { Paragraph } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const paragraph: FromMdastHandler = (node: Paragraph, state) => state.element("paragraph", {}, node);
