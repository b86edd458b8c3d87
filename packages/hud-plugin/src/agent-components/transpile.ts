import { transform } from "sucrase";
import { clipError } from "./clip-error.ts";
import { checkSource, type SourceMode } from "./source-check.ts";

export type Transpiled = { ok: true; code: string } | { ok: false; error: string };

/**
 * The agent's TSX as JavaScript the sandbox evaluates as a module. The source is checked as tokens first
 * (imports, re-exports, default export), then compiled by sucrase: a pure string-to-string transform with no
 * macros, plugins, module resolution or evaluation, so compiling cannot run anything of the source. JSX
 * becomes calls of the sandbox's own factory. Refused in one line: a syntax error (with its line and column).
 */
export function transpile(source: string, mode: SourceMode = "agent"): Transpiled {
  const checked = checkSource(source, mode);
  if (!checked.ok) return checked;
  try {
    const { code } = transform(source, {
      transforms: ["typescript", "jsx"],
      jsxRuntime: "classic",
      jsxPragma: "__h",
      jsxFragmentPragma: "__Fragment",
      production: true,
      disableESTransforms: true,
    });
    return { ok: true, code };
  } catch (error) {
    return { ok: false, error: syntaxError(source, error) };
  }
}

const POSITION = /\s*\((\d+):(\d+)\)$/;

/** Sucrase ends its message with "(line:column)"; the line of source there makes the one line actionable. */
function syntaxError(source: string, error: unknown): string {
  const message = clipError(error instanceof Error ? error.message : String(error), 400);
  const position = POSITION.exec(message);
  if (!position) return `SyntaxError: ${message.slice(0, 200)}`;
  const code = source.split("\n")[Number(position[1]) - 1]?.trim() ?? "";
  const shown = code.length > 60 ? `${code.slice(0, 59)}…` : code;
  return `SyntaxError: ${message.slice(0, position.index)} at line ${position[1]}:${position[2]}${shown ? ` (${shown})` : ""}`;
}
