import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A thematic break. */
export const Rule = defineLazyNode("rule", () => Type.Object({}, { additionalProperties: false }), { leaf: true });
