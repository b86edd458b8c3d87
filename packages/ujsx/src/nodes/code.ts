import { Type } from "../schema-builders.ts";
import { defineNode } from "../node-kind.ts";

/** A fenced code block, mdast's `code`; `lang` is the info word (no whitespace). Inline code is `inlineCode`. */
export const Code = defineNode(
  "code",
  Type.Object(
    { value: Type.String(), lang: Type.Optional(Type.String({ pattern: "^\\S*$" })) },
    { additionalProperties: false },
  ),
  { leaf: true },
);
