import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A block quote. */
export const Quote = defineNode("quote", Type.Object({}, { additionalProperties: false }), { leaf: false });
