import type { UElement, UNode, UText } from "../../src/index.ts";

/**
 * The canonical form the markdown round trip preserves: sections flattened (they render nothing),
 * keys dropped, adjacent text merged, empty text removed.
 */
export function normalize(node: UElement): UElement {
  return { type: node.type, props: { ...node.props }, children: normalizeChildren(node.children) };
}

function normalizeChildren(children: UNode[]): UNode[] {
  const out: UNode[] = [];
  const push = (child: UNode) => {
    if (child.type === "text") {
      const value = (child as UText).value;
      if (value === "") return;
      const last = out[out.length - 1];
      if (last?.type === "text") out[out.length - 1] = { type: "text", value: (last as UText).value + value };
      else out.push({ type: "text", value });
      return;
    }
    const element = child as UElement;
    if (element.type === "section") {
      for (const grandchild of normalizeChildren(element.children)) push(grandchild);
      return;
    }
    out.push(normalize(element));
  };
  for (const child of children) push(child);
  return out;
}

const BLOCK = new Set(["root", "heading", "paragraph", "codeblock", "list", "item", "table", "row", "cell", "quote", "rule"]);

/**
 * The block skeleton of a tree: which blocks exist, nested how, with the props that change block
 * structure (heading depth, list kind, task state, table shape). Inline content is left out.
 */
export function blockStructure(node: UNode): unknown {
  if (node.type === "text" || !BLOCK.has(node.type)) return null;
  const element = node as UElement;
  const shape: Record<string, unknown> = { type: element.type };
  if (element.type === "heading") shape.depth = element.props.depth;
  if (element.type === "list") shape.ordered = element.props.ordered === true;
  if (element.type === "item") shape.checked = element.props.checked ?? null;
  const blocks = element.children.map(blockStructure).filter((child) => child !== null);
  if (blocks.length > 0) shape.children = blocks;
  return shape;
}

/** Every node type in a tree, for "no html appeared" style checks. */
export function nodeTypes(node: UNode, into = new Set<string>()): Set<string> {
  into.add(node.type);
  if (node.type !== "text") for (const child of (node as UElement).children) nodeTypes(child, into);
  return into;
}
