import type { Static } from "@sinclair/typebox";
import type { List, ListItem } from "mdast";
import { u } from "unist-builder";
import type { List as ListKind } from "../nodes/list.ts";
import { type FlowContent, isPhrasing, type ToMdastHandler } from "./state.ts";

export const list: ToMdastHandler<Static<typeof ListKind.schema>> = (node, state) => {
  const spread = node.props.spread === true;
  const items: ListItem[] = [];
  let loose: FlowContent[] | undefined;
  // Content that is not an item (a bare string, a paragraph) gets an item of its own.
  const flush = () => {
    if (loose !== undefined) items.push(u("listItem", { spread }, loose));
    loose = undefined;
  };
  for (const child of state.all(node)) {
    if (child.type === "listItem") {
      flush();
      child.spread = spread;
      items.push(child);
    } else if (isPhrasing(child)) {
      const last = loose?.[loose.length - 1];
      if (last?.type === "paragraph") last.children.push(child);
      else (loose ??= []).push(u("paragraph", [child]));
    } else {
      (loose ??= []).push(child as FlowContent);
    }
  }
  flush();
  const result: List = u("list", { ordered: node.props.ordered === true, spread }, items);
  if (result.ordered) result.start = node.props.start ?? 1;
  return result;
};
