import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A bullet (`-`) or ordered list of items; `spread` puts blank lines between items. */
export const List = defineLazyNode(
  "list",
  () =>
    Type.Object(
      {
        ordered: Type.Optional(Type.Boolean()),
        start: Type.Optional(Type.Integer({ minimum: 0 })),
        spread: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  { leaf: false },
);
