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
