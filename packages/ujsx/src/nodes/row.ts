import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A table row of cells. */
export const Row = defineNode("row", Type.Object({}, { additionalProperties: false }), { leaf: false });
