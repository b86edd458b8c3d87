import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A table cell of inline content. */
export const Cell = defineLazyNode("cell", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
