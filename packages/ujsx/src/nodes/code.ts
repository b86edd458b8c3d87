import { Type } from "@sinclair/typebox";
import { defineNode } from "../node-kind.ts";

/** Inline code. */
export const Code = defineNode("code", Type.Object({ value: Type.String() }, { additionalProperties: false }), {
  leaf: true,
});
