import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A hard line break inside inline content. */
export const Break = defineLazyNode("break", () => Type.Object({}, { additionalProperties: false }), { leaf: true });
