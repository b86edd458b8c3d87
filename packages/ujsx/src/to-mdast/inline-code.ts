import type { Static } from "@sinclair/typebox";
import { u } from "unist-builder";
import { containLines } from "../contain.ts";
import type { InlineCode } from "../nodes/inline-code.ts";
import type { ToMdastHandler } from "./state.ts";

// Markdown reads a line ending inside a code span as a space, and a blank line would end the
// paragraph around it, so inline code is written on one line.
export const inlineCode: ToMdastHandler<Static<typeof InlineCode.schema>> = (node) => {
  const { value } = node.props;
  const safe = containLines(value);
  return u("inlineCode", safe.includes("\n") ? safe.replace(/\n/g, " ") : safe);
};
