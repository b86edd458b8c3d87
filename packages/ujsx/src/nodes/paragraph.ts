import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A paragraph of inline content. */
export const Paragraph = defineLazyNode("paragraph", () => Type.Object({}, { additionalProperties: false }), {
  leaf: false,
});
