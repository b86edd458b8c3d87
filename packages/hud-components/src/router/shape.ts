import { Kind, OptionalKind, type TSchema } from "@sinclair/typebox";
import { NON_BLANK } from "./args.ts";

type Schema = TSchema & {
  properties?: Record<string, TSchema>;
  required?: string[];
  anyOf?: TSchema[];
  items?: TSchema;
  const?: unknown;
  pattern?: string;
};

/** A compact, human-readable shape of a schema for help output and error lines: `{ id: string, note?: string }`. */
export function shapeOf(schema: TSchema): string {
  const s = schema as Schema;
  switch (s[Kind]) {
    case "Object": {
      const props = Object.entries(s.properties ?? {});
      if (!props.length) return "{}";
      const fields = props.map(([key, value]) => {
        const optional = (value as Schema)[OptionalKind] === "Optional" || !(s.required ?? []).includes(key);
        return `${key}${optional ? "?" : ""}: ${shapeOf(value)}`;
      });
      return `{ ${fields.join(", ")} }`;
    }
    case "Union":
      return (s.anyOf ?? []).map(shapeOf).join(" | ");
    case "Literal":
      return JSON.stringify(s.const);
    case "Array":
      return `${s.items ? shapeOf(s.items) : "unknown"}[]`;
    case "Integer":
      return "integer";
    case "String":
      return s.pattern === NON_BLANK ? "non-blank string" : "string";
    default:
      return String(s[Kind] ?? "unknown").toLowerCase();
  }
}
