import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A link around inline content. */
export const Link = defineLazyNode(
  "link",
  () => Type.Object({ url: Type.String(), title: Type.Optional(Type.String()) }, { additionalProperties: false }),
  { leaf: false },
);
