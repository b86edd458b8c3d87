import type { TSchema } from "@sinclair/typebox";
import type { TypeCheck } from "@sinclair/typebox/compiler";
import { Errors, type ValueError } from "@sinclair/typebox/errors";
import { Check } from "@sinclair/typebox/value";
import { describeSchema } from "./describe-schema.ts";
import { UjsxError } from "./errors.ts";
import type { NodeKind } from "./types.ts";

// `Check` and `Errors` by name, not TypeBox's `Value` object: the object holds every value operation
// (cast, convert, create, diff...), which a bundle would then parse at every start.

/**
 * `trusted` checks nothing: for trees the caller's own typed code builds from data that was validated where
 * it came in (a renderer's built-in components over a validated state). Never for a component's output
 * that is not the caller's own (an agent's, a user's).
 */
export type ValidationMode = "dev" | "production" | "trusted";

// Compiling costs ~a millisecond per schema; keyed by the kind object so user kinds share the cache.
const compiled = new WeakMap<NodeKind, TypeCheck<TSchema>>();
const uses = new WeakMap<NodeKind, number>();
/**
 * Production checks a kind with the interpreted `Check` until the kind has been used this often, then
 * compiles it: a short session (or a plugin's first LLM call) never pays for compiling a dozen schemas, and
 * a long one gets the compiled speed. Both answer the same for every value.
 */
export const COMPILE_AFTER_USES = 64;

type Compiler = typeof import("@sinclair/typebox/compiler").TypeCompiler;
let compiler: Compiler | undefined;
let compilerLoad: Promise<void> | undefined;

/**
 * The compiler is loaded when the first kind crosses the threshold, not with the module: it is as large as
 * the rest of TypeBox the renderer uses, and a start never needs it. Until it is there, checks stay
 * interpreted. Resolves once it is loaded (for tests: the compiled path is then taken).
 */
export function loadCompiler(): Promise<void> {
  compilerLoad ??= import("@sinclair/typebox/compiler").then(
    (module) => {
      compiler = module.TypeCompiler;
    },
    () => {
      // interpreted checks answer the same: a missing chunk costs speed, never a render
    },
  );
  return compilerLoad;
}

function productionChecker(kind: NodeKind): TypeCheck<TSchema> | undefined {
  const check = compiled.get(kind);
  if (check) return check;
  const count = (uses.get(kind) ?? 0) + 1;
  uses.set(kind, count);
  if (count <= COMPILE_AFTER_USES) return undefined;
  if (!compiler) {
    void loadCompiler();
    return undefined;
  }
  const built = compiler.Compile(kind.schema);
  compiled.set(kind, built);
  return built;
}

const firstError = (schema: TSchema, value: unknown) => Errors(schema, value).First();

/** Throws a `UjsxError` naming the node path and the first schema violation. */
export function checkProps(kind: NodeKind, props: unknown, mode: ValidationMode, path: () => string): void {
  if (mode === "trusted") return;
  if (mode === "production") {
    const check = productionChecker(kind);
    if (check ? check.Check(props) : Check(kind.schema, props)) return;
    throw invalidProps(kind, firstError(kind.schema, props), path());
  }
  const first = firstError(kind.schema, props);
  if (first !== undefined) throw invalidProps(kind, first, path());
}

function invalidProps(kind: NodeKind, error: ValueError | undefined, path: string): UjsxError {
  const where = error?.path ? error.path : "props";
  const detail = error ? `${where}: ${error.message} (got ${preview(error.value)})` : "props do not match";
  return new UjsxError(
    `Invalid props on <${kind.name}> at ${path}: ${detail}; expected ${describeSchema(kind.schema)}`,
    path,
  );
}

export function preview(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "function") return `function ${value.name || "(anonymous)"}`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
