import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Emphasis (italic). */
export const Emphasis = defineLazyNode("emphasis", () => Type.Object({}, { additionalProperties: false }), {
  leaf: false,
});
