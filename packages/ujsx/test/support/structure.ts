import type { Nodes, Root } from "mdast";
import { fromMarkdown as parseMdast } from "mdast-util-from-markdown";
import { fromMarkdownOptions } from "../../src/index.ts";
import { isPhrasing } from "../../src/to-mdast/state.ts";

/** Parse with the same GFM setup as `fromMarkdown`, keeping raw mdast (HTML nodes included). */
export const parse = (markdown: string): Root => parseMdast(markdown, fromMarkdownOptions);

/**
 * The block skeleton of an mdast tree: blocks with the props that shape them, plus every HTML node
 * wherever it sits. Text never adds to it, so agent text cannot change it.
 */
export function skeleton(node: Nodes): unknown {
  if (node.type === "html") return { type: "html" };
  if (isPhrasing(node)) {
    const inner = "children" in node ? node.children.map(skeleton).filter((s) => s !== null) : [];
    return inner.length > 0 ? { type: node.type, inner } : null;
  }
  const shape: Record<string, unknown> = { type: node.type };
  if (node.type === "heading") shape.depth = node.depth;
  if (node.type === "list") shape.ordered = node.ordered === true;
  if (node.type === "listItem") shape.checked = node.checked ?? null;
  if (node.type === "table") shape.columns = node.children[0]?.children.length ?? 0;
  if ("children" in node) {
    const children = node.children.map((child) => skeleton(child as Nodes)).filter((s) => s !== null);
    if (children.length > 0) shape.children = children;
  }
  return shape;
}
