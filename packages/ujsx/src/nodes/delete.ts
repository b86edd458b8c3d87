import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Struck-through content (GFM). */
export const Delete = defineLazyNode("delete", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
