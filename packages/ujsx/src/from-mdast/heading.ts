import type { Heading } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const heading: FromMdastHandler = (node: Heading, state) =>
  state.element("heading", { depth: node.depth }, node);
