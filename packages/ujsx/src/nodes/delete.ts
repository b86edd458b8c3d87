import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** Struck-through content (GFM). */
export const Delete = defineNode("delete", Type.Object({}, { additionalProperties: false }), { leaf: false });
