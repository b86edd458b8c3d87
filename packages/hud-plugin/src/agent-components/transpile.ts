import { describeLoadError } from "../custom/describe-error.ts";

export type Transpiled = { ok: true; code: string } | { ok: false; error: string };

let transpiler: Bun.Transpiler | undefined;

// JSX becomes calls of the sandbox's own factory; nothing is imported, so nothing resolves on the host.
const jsxOptions = { compilerOptions: { jsx: "react", jsxFactory: "__h", jsxFragmentFactory: "__Fragment" } };

/**
 * The agent's TSX as JavaScript the sandbox evaluates as a module. Refused in one line: a syntax error (with
 * its line and column), any import or re-export (the sandbox has no modules to give), no default export.
 */
export function transpile(source: string): Transpiled {
  transpiler ??= new Bun.Transpiler({ loader: "tsx", tsconfig: jsxOptions as never, target: "browser" });
  try {
    const scanned = transpiler.scan(source);
    const first = scanned.imports.find((entry) => entry.kind !== "dynamic-import") ?? scanned.imports[0];
    if (first)
      return {
        ok: false,
        error: `imports are not available in the sandbox (found ${JSON.stringify(first.path)}); write helpers in the same source and read data from the props`,
      };
    if (!scanned.exports.includes("default"))
      return { ok: false, error: "no default export; expected export default function Name({ state, density }) { … }" };
    return { ok: true, code: transpiler.transformSync(source) };
  } catch (error) {
    return { ok: false, error: describeLoadError(firstMessage(error)) };
  }
}

/** Bun throws an AggregateError of build messages for several errors; the first one is the useful line. */
function firstMessage(error: unknown): unknown {
  const errors = (error as { errors?: unknown[] } | undefined)?.errors;
  return Array.isArray(errors) && errors.length ? errors[0] : error;
}
