import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** The top of a document; `resolve()` wraps anything else in one. */
export const Root = defineNode("root", Type.Object({}, { additionalProperties: false }), { leaf: false });
