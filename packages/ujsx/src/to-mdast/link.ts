import type { Static } from "@sinclair/typebox";
import type { Link } from "mdast";
import { u } from "unist-builder";
import { contain } from "../contain.ts";
import type { Link as LinkKind } from "../nodes/link.ts";
import type { ToMdastHandler } from "./state.ts";

export const link: ToMdastHandler<Static<typeof LinkKind.schema>> = (node, state) => {
  const result: Link = u("link", { url: normalizeUrl(node.props.url) }, state.phrasing(node));
  // one line: markdown decides blocks before it reads a title, so a title's line that starts with "* " or
  // "# " would open a list or a heading below the link (the serializer does not escape line starts there)
  if (node.props.title !== undefined) result.title = contain(node.props.title);
  return result;
};

// Characters RFC 3986 allows in a URL, plus `%` when it starts an escape.
const NOT_URL = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;

/**
 * Percent-encode what cannot appear in a URL (as micromark does when it reads a destination), so
 * a destination like `<x>` is never taken for markdown's own `<…>` syntax.
 */
function normalizeUrl(url: string): string {
  return NOT_URL.test(url) ? url.replace(NOT_URL, encodeChar) : url;
}

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate: the replacement character, as a decoder would produce
  }
}
