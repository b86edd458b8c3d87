import type { Static } from "@sinclair/typebox";
import type { Heading } from "mdast";
import { u } from "unist-builder";
import type { Heading as HeadingKind } from "../nodes/heading.ts";
import type { ToMdastHandler } from "./state.ts";

export const heading: ToMdastHandler<Static<typeof HeadingKind.schema>> = (node, state) =>
  u("heading", { depth: node.props.depth as Heading["depth"] }, state.phrasing(node));
