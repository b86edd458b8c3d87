import type { Html, Text } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const text: FromMdastHandler = (node: Text) => ({ type: "text", value: node.value });

// Raw HTML read from markdown comes back as literal text: ujsx has no HTML node, and text never
// re-emits as markup.
export const html: FromMdastHandler = (node: Html) => ({ type: "text", value: node.value });
