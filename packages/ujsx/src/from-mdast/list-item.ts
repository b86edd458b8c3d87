import type { ListItem } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const listItem: FromMdastHandler = (node: ListItem, state) =>
  state.element("item", typeof node.checked === "boolean" ? { checked: node.checked } : {}, node);
