import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Strong importance (bold). */
export const Strong = defineLazyNode("strong", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
