import { u } from "unist-builder";
import type { UText } from "../types.ts";
import type { ToMdastHandler } from "./state.ts";

// Text stays a text node: mdast-util-to-markdown escapes whatever could read as markup.
export const text: ToMdastHandler = (node) => u("text", (node as unknown as UText).value);
