import { sectionNames, type SectionName, type Stability } from "@agent-hud/hud-components";
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const Anchor = Type.Union(sectionNames.map((name) => Type.Literal(name)));

/** The optional named exports of a component file. */
export const ComponentMetadata = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  before: Type.Optional(Anchor),
  after: Type.Optional(Anchor),
  priority: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  stability: Type.Optional(Type.Union([Type.Literal("stable"), Type.Literal("volatile")])),
});
export type ComponentMetadata = Static<typeof ComponentMetadata>;

const EXPECTED: Record<keyof ComponentMetadata, string> = {
  name: "a string of 1..40 characters",
  before: `a built-in section: ${sectionNames.join(" | ")}`,
  after: `a built-in section: ${sectionNames.join(" | ")}`,
  priority: "a number in 0..1000 (built-ins use 30..100; higher survives budget pressure longer)",
  stability: `"stable" | "volatile"`,
};

export type Metadata = {
  name?: string;
  before?: SectionName;
  after?: SectionName;
  priority?: number;
  stability?: Stability;
};

/**
 * Reads the metadata exports of a loaded module. Throws one line naming the bad export and the
 * expected shape; the file then renders as its error line instead of guessing a placement.
 */
export function readMetadata(module: Record<string, unknown>): Metadata {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(ComponentMetadata.properties)) if (module[key] !== undefined) picked[key] = module[key];
  for (const [key, schema] of Object.entries(ComponentMetadata.properties) as Array<
    [keyof ComponentMetadata, TSchema]
  >) {
    if (picked[key] !== undefined && !Value.Check(schema, picked[key]))
      throw new Error(`export const ${key} is ${JSON.stringify(picked[key])}; expected ${EXPECTED[key]}`);
  }
  const meta = picked as ComponentMetadata;
  if (meta.before && meta.after)
    throw new Error(`export either before or after, not both (got before "${meta.before}", after "${meta.after}")`);
  return meta;
}
