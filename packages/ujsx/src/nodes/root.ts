import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** The top of a document; `resolve()` wraps anything else in one. */
export const Root = defineLazyNode("root", () => Type.Object({}, { additionalProperties: false }), { leaf: false });
