import { Type } from "@sinclair/typebox";
import { defineNode } from "../node-kind.ts";

/** A fenced code block; `lang` is the info word (no whitespace). */
export const CodeBlock = defineNode(
  "codeblock",
  Type.Object(
    { value: Type.String(), lang: Type.Optional(Type.String({ pattern: "^\\S*$" })) },
    { additionalProperties: false },
  ),
  { leaf: true },
);
