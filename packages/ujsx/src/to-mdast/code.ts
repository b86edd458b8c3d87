import type { Static } from "@sinclair/typebox";
import type { Code } from "mdast";
import { u } from "unist-builder";
import { containLines } from "../contain.ts";
import type { Code as CodeKind } from "../nodes/code.ts";
import type { ToMdastHandler } from "./state.ts";

export const code: ToMdastHandler<Static<typeof CodeKind.schema>> = (node) => {
  const result: Code = u("code", containLines(node.props.value));
  if (node.props.lang) result.lang = node.props.lang;
  return result;
};
