import type { List, Nodes } from "mdast";
import type { FromMdastHandler } from "./state.ts";

// Props equal to their defaults are left out, so a parsed tree compares equal to a hand-written one.
export const list: FromMdastHandler = (node: List, state) => {
  const props: Record<string, unknown> = {};
  if (node.ordered) {
    props.ordered = true;
    if (typeof node.start === "number" && node.start !== 1) props.start = node.start;
  }
  if (isLoose(node)) props.spread = true;
  return state.element("list", props, node);
};

/**
 * CommonMark's rule: loose when a blank line separates two items or two blocks of one item.
 * The parser's own `spread` also counts a blank line after the last item when the list sits in a
 * block quote, so it is recomputed from positions when they are there.
 */
function isLoose(node: List): boolean {
  if (!node.position) return node.spread === true;
  if (gapBetween(node.children)) return true;
  return node.children.some((item) => gapBetween(item.children));
}

function gapBetween(nodes: Nodes[]): boolean {
  for (let i = 1; i < nodes.length; i++) {
    const end = nodes[i - 1]?.position?.end.line;
    const start = nodes[i]?.position?.start.line;
    if (end !== undefined && start !== undefined && start - end > 1) return true;
  }
  return false;
}
