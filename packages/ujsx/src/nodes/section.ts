import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** Groups blocks (typically a heading and its content); renders nothing itself. */
export const Section = defineNode("section", Type.Object({}, { additionalProperties: false }), { leaf: false });
