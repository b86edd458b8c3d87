import { Type } from "../schema-builders.ts";
import { defineLazyNode } from "../node-kind.ts";

/** A GFM table; the first row is the header. */
export const Table = defineLazyNode(
  "table",
  () =>
    Type.Object(
      {
        align: Type.Optional(
          Type.Array(Type.Union([Type.Literal("left"), Type.Literal("right"), Type.Literal("center"), Type.Null()])),
        ),
      },
      { additionalProperties: false },
    ),
  { leaf: false },
);
