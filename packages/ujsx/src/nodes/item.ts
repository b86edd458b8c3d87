import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A list item; setting `checked` makes it a GFM task item (`- [ ]` / `- [x]`). */
export const Item = defineLazyNode(
  "item",
  () => Type.Object({ checked: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  { leaf: false },
);
