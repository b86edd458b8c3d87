import type { Static } from "@sinclair/typebox";
import type { ListItem } from "mdast";
import { u } from "unist-builder";
import type { Item } from "../nodes/item.ts";
import type { ToMdastHandler } from "./state.ts";

export const listItem: ToMdastHandler<Static<typeof Item.schema>> = (node, state) => {
  const result: ListItem = u("listItem", { spread: false }, state.flow(node));
  if (node.props.checked !== undefined) result.checked = node.props.checked;
  return result;
};
