import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** Emphasis (italic). */
export const Emphasis = defineNode("emphasis", Type.Object({}, { additionalProperties: false }), { leaf: false });
