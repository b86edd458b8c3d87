import { sectionNames, type SectionName, type Stability } from "@agent-hud/hud-components";
import type { Static, TSchema } from "@sinclair/typebox";
import { SchemaBuilders as Type } from "@agent-hud/hud-components/internal";
import { Check } from "@sinclair/typebox/value";
import { codeTokens } from "../agent-components/source-check.ts";

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

const KEYS = new Set(Object.keys(ComponentMetadata.properties));

/**
 * The metadata exports of a component file, read from its tokens: the file is never evaluated on the host,
 * so each must be a literal (`export const priority = 65;`, `export const after = "steps";`).
 */
export function metadataOf(source: string): Metadata {
  const tokens = codeTokens(source);
  const found: Record<string, unknown> = {};
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.value !== "export" || !/^(?:const|let|var)$/.test(tokens[i + 1]!.value)) continue;
    const key = tokens[i + 2]!.value;
    if (!KEYS.has(key)) continue;
    let j = i + 3;
    // a type annotation (`: number`) sits between the name and `=`
    while (j < tokens.length && tokens[j]!.value !== "=" && tokens[j]!.value !== ";") j++;
    found[key] = literal(
      key,
      tokens.slice(j + 1, j + 3).map((t) => ({ type: t.type, value: t.value })),
    );
  }
  return readMetadata(found);
}

function literal(key: string, [first, second]: Array<{ type: string; value: string }>): unknown {
  if (first?.type === "NumericLiteral") return Number(first.value);
  if (first?.value === "-" && second?.type === "NumericLiteral") return -Number(second.value);
  if ((first?.type === "StringLiteral" || first?.type === "NoSubstitutionTemplate") && !first.value.includes("\\"))
    return first.value.slice(1, -1);
  throw new Error(
    `export const ${key} must be a plain string or number, so it is read without running the file (export const ${key} = ${EXAMPLE[key]};)`,
  );
}

const EXAMPLE: Record<string, string> = {
  name: '"Deploy"',
  before: '"notes"',
  after: '"steps"',
  priority: "65",
  stability: '"stable"',
};

/**
 * Reads the metadata exports (as `metadataOf` found them). Throws one line naming the bad export and the
 * expected shape; the file then renders as its error line instead of guessing a placement.
 */
export function readMetadata(module: Record<string, unknown>): Metadata {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(ComponentMetadata.properties)) if (module[key] !== undefined) picked[key] = module[key];
  for (const [key, schema] of Object.entries(ComponentMetadata.properties) as Array<
    [keyof ComponentMetadata, TSchema]
  >) {
    if (picked[key] !== undefined && !Check(schema, picked[key]))
      throw new Error(`export const ${key} is ${JSON.stringify(picked[key])}; expected ${EXPECTED[key]}`);
  }
  const meta = picked as ComponentMetadata;
  if (meta.before && meta.after)
    throw new Error(`export either before or after, not both (got before "${meta.before}", after "${meta.after}")`);
  return meta;
}
