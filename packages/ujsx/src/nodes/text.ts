import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** Literal text. Strings and numbers among children become text nodes too; it never becomes markup. */
export const Text = defineNode("text", Type.Object({ value: Type.String() }, { additionalProperties: false }), {
  leaf: true,
});
