import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** Groups blocks (typically a heading and its content); renders nothing itself. */
export const Section = defineLazyNode("section", () => Type.Object({}, { additionalProperties: false }), {
  leaf: false,
});
