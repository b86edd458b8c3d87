import type { InlineCode } from "mdast";
import type { FromMdastHandler } from "./state.ts";

export const inlineCode: FromMdastHandler = (node: InlineCode) => ({
  type: "inlineCode",
  props: { value: node.value },
  children: [],
});
