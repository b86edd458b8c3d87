import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A block quote. */
export const Quote = defineLazyNode("quote", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
