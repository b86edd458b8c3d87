import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A thematic break. */
export const Rule = defineNode("rule", Type.Object({}, { additionalProperties: false }), { leaf: true });
