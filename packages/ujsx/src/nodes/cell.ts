import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A table cell of inline content. */
export const Cell = defineNode("cell", Type.Object({}, { additionalProperties: false }), { leaf: false });
