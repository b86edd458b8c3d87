import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A hard line break inside inline content. */
export const Break = defineNode("break", Type.Object({}, { additionalProperties: false }), { leaf: true });
