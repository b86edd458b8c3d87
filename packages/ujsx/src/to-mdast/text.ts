import { u } from "unist-builder";
import type { UText } from "../types.ts";
import type { ToMdastHandler } from "./state.ts";

// Text stays a text node: mdast-util-to-markdown escapes whatever could read as markup. A lone CR
// is a line ending to markdown but the serialiser's setext headings miscount it, so line endings
// are unified first (the parsed result is the same either way).
export const text: ToMdastHandler = (node) => {
  const { value } = node as unknown as UText;
  return u("text", value.includes("\r") ? value.replace(/\r\n?/g, "\n") : value);
};
