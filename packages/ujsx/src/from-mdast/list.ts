import type { List } from "mdast";
import type { FromMdastHandler } from "./state.ts";

// Props equal to their defaults are left out, so a parsed tree compares equal to a hand-written one.
export const list: FromMdastHandler = (node: List, state) => {
  const props: Record<string, unknown> = {};
  if (node.ordered) {
    props.ordered = true;
    if (typeof node.start === "number" && node.start !== 1) props.start = node.start;
  }
  if (node.spread) props.spread = true;
  return state.element("list", props, node);
};
