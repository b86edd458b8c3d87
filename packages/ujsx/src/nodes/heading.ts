import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A heading of depth 1..6. */
export const Heading = defineLazyNode(
  "heading",
  () => Type.Object({ depth: Type.Integer({ minimum: 1, maximum: 6 }) }, { additionalProperties: false }),
  { leaf: false },
);
