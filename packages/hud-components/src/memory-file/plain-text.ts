import type { UElement, UNode, UText } from "@agent-hud/ujsx/core";

/** The text a reader sees in inline UJSX: text and code values, markup dropped, breaks as spaces. */
export function plainText(nodes: readonly (UNode | string)[]): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (node.type === "text") out += (node as UText).value;
    else if (node.type === "inlineCode") out += String((node as UElement).props.value ?? "");
    else if (node.type === "break") out += " ";
    else if ("children" in node) out += plainText((node as UElement).children);
  }
  return out;
}
