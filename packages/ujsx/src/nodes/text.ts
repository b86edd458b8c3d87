import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Literal text. Strings and numbers among children become text nodes too; it never becomes markup. */
export const Text = defineLazyNode(
  "text",
  () => Type.Object({ value: Type.String() }, { additionalProperties: false }),
  {
    leaf: true,
  },
);
