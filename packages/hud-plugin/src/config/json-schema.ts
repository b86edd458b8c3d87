import { SchemaBuilders as Type } from "@agent-hud/hud-components/internal";
import { HudOptions } from "./schema.ts";

/**
 * The JSON Schema of `agent-hud.jsonc`, generated from the TypeBox options (the one definition of every
 * option), plus the `$schema` key editors read. The build writes it to `dist/agent-hud.schema.json`.
 */
export function configJsonSchema(): Record<string, unknown> {
  const file = Type.Object(
    { $schema: Type.Optional(Type.String()), ...HudOptions.properties },
    { additionalProperties: false },
  );
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "agent-hud options (agent-hud.jsonc)",
    ...(JSON.parse(JSON.stringify(file)) as Record<string, unknown>),
  };
}
