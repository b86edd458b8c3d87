import type { TSchema } from "@sinclair/typebox";

/**
 * A one-line, TypeScript-like rendering of a props schema for error messages
 * (`{ depth: integer 1..6 }`); it reads the schema, it never validates.
 */
export function describeSchema(schema: TSchema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).map(describeSchema).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  switch (schema.type) {
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, TSchema>;
      const required = new Set<string>((schema.required as string[] | undefined) ?? []);
      const fields = Object.entries(props).map(
        ([name, sub]) => `${name}${required.has(name) ? "" : "?"}: ${describeSchema(sub)}`,
      );
      return fields.length === 0 ? "{}" : `{ ${fields.join("; ")} }`;
    }
    case "array":
      return `${wrap(describeSchema(schema.items as TSchema))}[]`;
    case "integer":
    case "number":
      return `${schema.type}${range(schema)}`;
    case "null":
      return "null";
    default:
      return typeof schema.type === "string" ? schema.type : "unknown";
  }
}

function wrap(text: string): string {
  return text.includes(" | ") ? `(${text})` : text;
}

function range(schema: TSchema): string {
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  if (min !== undefined && max !== undefined) return ` ${min}..${max}`;
  if (min !== undefined) return ` >= ${min}`;
  if (max !== undefined) return ` <= ${max}`;
  return "";
}
