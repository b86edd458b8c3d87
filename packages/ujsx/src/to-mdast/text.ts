import { u } from "unist-builder";
import { containLines } from "../contain.ts";
import type { UText } from "../types.ts";
import type { ToMdastHandler } from "./state.ts";

// Text stays a text node: mdast-util-to-markdown escapes whatever could read as markup, and controls and
// bidi overrides are dropped first. Line endings are unified to line feeds (a lone CR is a line ending to
// markdown, but the serialiser's setext headings miscount it; the parsed result is the same either way).
export const text: ToMdastHandler = (node) => u("text", containLines((node as unknown as UText).value));
