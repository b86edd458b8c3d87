import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A fenced code block, mdast's `code`; `lang` is the info word (no whitespace). Inline code is `inlineCode`. */
export const Code = defineLazyNode(
  "code",
  () =>
    Type.Object(
      { value: Type.String(), lang: Type.Optional(Type.String({ pattern: "^\\S*$" })) },
      { additionalProperties: false },
    ),
  { leaf: true },
);
