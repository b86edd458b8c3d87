import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** Strong importance (bold). */
export const Strong = defineNode("strong", Type.Object({}, { additionalProperties: false }), { leaf: false });
