import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { Value, type ValueError } from "@sinclair/typebox/value";
import { describeSchema } from "./describe-schema.ts";
import { UjsxError } from "./errors.ts";
import type { NodeKind } from "./types.ts";

export type ValidationMode = "dev" | "production";

// Compiling costs ~a millisecond per schema; keyed by the kind object so user kinds share the cache.
const compiled = new WeakMap<NodeKind, TypeCheck<TSchema>>();
const uses = new WeakMap<NodeKind, number>();
/**
 * Production checks a kind with the interpreted `Value.Check` until the kind has been used this often,
 * then compiles it: a short session (or a plugin's first LLM call) never pays for compiling a dozen
 * schemas, and a long one gets the compiled speed. Both answer the same for every value.
 */
export const COMPILE_AFTER_USES = 64;

export function compiledChecker(kind: NodeKind): TypeCheck<TSchema> {
  let check = compiled.get(kind);
  if (check === undefined) {
    check = TypeCompiler.Compile(kind.schema);
    compiled.set(kind, check);
  }
  return check;
}

function productionChecker(kind: NodeKind): TypeCheck<TSchema> | undefined {
  const check = compiled.get(kind);
  if (check) return check;
  const count = (uses.get(kind) ?? 0) + 1;
  uses.set(kind, count);
  return count > COMPILE_AFTER_USES ? compiledChecker(kind) : undefined;
}

/** Throws a `UjsxError` naming the node path and the first schema violation. */
export function checkProps(kind: NodeKind, props: unknown, mode: ValidationMode, path: () => string): void {
  if (mode === "production") {
    const check = productionChecker(kind);
    if (check ? check.Check(props) : Value.Check(kind.schema, props)) return;
    throw invalidProps(kind, Value.Errors(kind.schema, props).First(), path());
  }
  const first = Value.Errors(kind.schema, props).First();
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
