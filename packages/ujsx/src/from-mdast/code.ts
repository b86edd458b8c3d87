import type { Code } from "mdast";
import type { FromMdastHandler } from "./state.ts";

// The info string's meta (anything after the language word) has no place in the code kind.
export const code: FromMdastHandler = (node: Code) => ({
  type: "code",
  props: node.lang ? { value: node.value, lang: node.lang } : { value: node.value },
  children: [],
});
