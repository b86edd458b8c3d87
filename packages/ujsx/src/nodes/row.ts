import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A table row of cells. */
export const Row = defineLazyNode("row", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
