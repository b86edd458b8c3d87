import type { Static } from "@sinclair/typebox";
import type { List } from "../nodes/list.ts";
import type { TermLine } from "../terminal-types.ts";
import type { UNode } from "../types.ts";
import type { ToTerminalHandler } from "./state.ts";

export const list: ToTerminalHandler<Static<typeof List.schema>> = (node, state) => {
  const ordered = node.props.ordered === true;
  const start = node.props.start ?? 1;
  const block: TermLine[] = [];
  const { children } = node;
  let number = start;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as UNode;
    // Content that is not an item (a bare string, a paragraph) is shown as an item of its own.
    const asItem: UNode = child.type === "item" ? child : { type: "item", props: {}, children: [child] };
    for (const piece of state.listItem(asItem, children.length > 1 ? i : -1, { ordered, number })) {
      if ("block" in piece) for (const line of piece.block) block.push(line);
      else for (const line of state.wrap(piece.inline)) block.push(line);
    }
    number++;
    if (node.props.spread === true && i < children.length - 1) block.push([]);
  }
  return { block };
};
