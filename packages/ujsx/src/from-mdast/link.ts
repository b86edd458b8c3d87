import type { Link } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const link: FromMdastHandler = (node: Link, state) =>
  state.element("link", node.title ? { url: node.url, title: node.title } : { url: node.url }, node);
