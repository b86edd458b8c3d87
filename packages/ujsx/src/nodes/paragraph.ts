import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A paragraph of inline content. */
export const Paragraph = defineNode("paragraph", Type.Object({}, { additionalProperties: false }), { leaf: false });
