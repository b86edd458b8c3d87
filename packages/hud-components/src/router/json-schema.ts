import { Type } from "../schema-builders.ts";
import { operationCatalog } from "./catalog.ts";

/** The router's `{ tool, args }` schema, built with TypeBox and stripped of its symbols to plain JSON Schema. */
export function hudToolJsonSchema(): Record<string, unknown> {
  const schema = Type.Object(
    {
      tool: Type.Union(
        operationCatalog.map((op) => Type.Literal(op.name)),
        {
          description: 'operation name; call "help" for every operation with its argument shape',
        },
      ),
      args: Type.Optional(
        Type.Object(
          {},
          {
            additionalProperties: true,
            description: 'arguments of the operation, e.g. { "content": "..." } for notes.add; see "help"',
          },
        ),
      ),
    },
    { additionalProperties: false },
  );
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
