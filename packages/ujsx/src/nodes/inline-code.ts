import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Inline code, mdast's `inlineCode`: one line, in a paragraph, heading, cell or link. */
export const InlineCode = defineLazyNode(
  "inlineCode",
  () => Type.Object({ value: Type.String() }, { additionalProperties: false }),
  { leaf: true },
);
