import type { Static } from "@sinclair/typebox";
import type { Link } from "mdast";
import { u } from "unist-builder";
import type { Link as LinkKind } from "../nodes/link.ts";
import type { ToMdastHandler } from "./state.ts";

export const link: ToMdastHandler<Static<typeof LinkKind.schema>> = (node, state) => {
  const result: Link = u("link", { url: node.props.url }, state.phrasing(node));
  if (node.props.title !== undefined) result.title = node.props.title;
  return result;
};
