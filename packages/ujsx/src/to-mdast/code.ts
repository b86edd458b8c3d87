import type { Static } from "@sinclair/typebox";
import type { Code } from "mdast";
import { u } from "unist-builder";
import { contain, containLines } from "../contain.ts";
import type { Code as CodeKind } from "../nodes/code.ts";
import type { ToMdastHandler } from "./state.ts";

export const code: ToMdastHandler<Static<typeof CodeKind.schema>> = (node) => {
  const result: Code = u("code", containLines(node.props.value));
  // the schema keeps whitespace out of the info word, not escapes or bidi controls
  const lang = node.props.lang && contain(node.props.lang).replace(/\s/g, "");
  if (lang) result.lang = lang;
  return result;
};
