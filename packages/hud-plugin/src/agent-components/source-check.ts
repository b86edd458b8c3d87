import jsTokens, { type JSXToken, type Token as JsToken } from "js-tokens";

type Token = JsToken | JSXToken;

/** `imports`: the modules a file's static imports name (relative helpers and the mapped packages). */
export type SourceCheck = { ok: true; imports: string[] } | { ok: false; error: string };

/**
 * `agent`: a `components.define` source, which imports nothing. `file`: a component file, which may import
 * its helpers relatively and the HUD packages the sandbox provides (`SANDBOX_MODULES`); `import type` lines
 * are erased by the compiler, so they may name anything. `helper`: a file a component file imports, under
 * the same rules but without a default export.
 */
export type SourceMode = "agent" | "file" | "helper";

/** The packages a component file may import: the sandbox provides them (sandbox-modules.ts). */
export const SANDBOX_PACKAGES = [
  "@agent-hud/ujsx",
  "@agent-hud/ujsx/jsx-runtime",
  "@agent-hud/ujsx/jsx-dev-runtime",
  "@agent-hud/hud-components",
];

const SKIPPED = new Set([
  "WhiteSpace",
  "LineTerminatorSequence",
  "MultiLineComment",
  "SingleLineComment",
  "HashbangComment",
]);

const isRelative = (spec: string) => spec.startsWith("./") || spec.startsWith("../");

/** The source's tokens without whitespace and comments (js-tokens: evaluates and resolves nothing). */
export function codeTokens(source: string): Token[] {
  const tokens: Token[] = [];
  for (const token of jsTokens(source, { jsx: true })) if (!SKIPPED.has(token.type)) tokens.push(token);
  return tokens;
}

/**
 * Reads the source as tokens only before any compiler sees it: a dynamic `import()`, import attributes
 * (such as `with { type: "macro" }`), every re-export (`export * from`, `export * as x from`,
 * `export { a } from`) and, for an agent's source, every import are refused; a file's static imports may
 * name only relative helpers and `SANDBOX_PACKAGES`. A default export must be there. A transpiler that
 * honours import attributes therefore never receives one.
 */
export function checkSource(source: string, mode: SourceMode = "agent"): SourceCheck {
  const tokens = codeTokens(source);
  const imports: string[] = [];
  let hasDefault = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== "IdentifierName") continue;
    const before = tokens[i - 1]?.value;
    const after = tokens[i + 1]?.value;
    // `a.import`, `{ import: 1 }`, `import.meta` stay tokens of ordinary code
    if (before === "." || before === "?." || after === ":" || (after === "." && token.value === "import")) continue;
    if (token.value === "import") {
      const found = pathAfter(tokens, i);
      if (mode === "agent" || after === "(" || found === undefined) return refused(mode, found?.spec ?? "import");
      if (found.attributes) return refused(mode, `${found.spec} with attributes`);
      if (after === "type") continue;
      if (!isRelative(found.spec) && !SANDBOX_PACKAGES.includes(found.spec)) return refused(mode, found.spec);
      imports.push(found.spec);
      continue;
    }
    if (token.value !== "export") continue;
    if (after === "default") hasDefault = true;
    // every `export *` (and `export type *`) names a module: a re-export, whichever form
    if (after === "*" || (after === "type" && tokens[i + 2]?.value === "*"))
      return refused(mode, pathAfter(tokens, i)?.spec ?? "export *");
    const open = after === "type" && tokens[i + 2]?.value === "{" ? i + 2 : after === "{" ? i + 1 : -1;
    if (open < 0) continue;
    const end = indexOfValue(tokens, open, "}");
    if (tokens[end + 1]?.value === "from") return refused(mode, pathAfter(tokens, end)?.spec ?? "export from");
    for (let j = open; j < end; j++)
      if (tokens[j]?.value === "as" && tokens[j + 1]?.value === "default") hasDefault = true;
  }
  if (!hasDefault && mode !== "helper")
    return { ok: false, error: "no default export; expected export default function Name({ state, density }) { … }" };
  return { ok: true, imports };
}

const refused = (mode: SourceMode, found: string): SourceCheck => ({
  ok: false,
  error:
    mode === "agent"
      ? `imports are not available in the sandbox (found ${JSON.stringify(found)}); write helpers in the same source and read data from the props`
      : `${JSON.stringify(found)} is not available in the sandbox: a component file imports only ./relative helpers, @agent-hud/ujsx and @agent-hud/hud-components (no I/O; read data from the props)`,
});

/** The first string literal after a token, within the statement, and whether import attributes follow it. */
function pathAfter(tokens: Token[], from: number): { spec: string; attributes: boolean } | undefined {
  for (let j = from + 1; j < tokens.length && j < from + 256; j++) {
    const token = tokens[j]!;
    if (token.type === "StringLiteral" || token.type === "NoSubstitutionTemplate") {
      const next = tokens[j + 1]?.value;
      return { spec: token.value.slice(1, -1), attributes: next === "with" || next === "assert" };
    }
    if (token.value === ";") return undefined;
  }
  return undefined;
}

function indexOfValue(tokens: Token[], from: number, close: string): number {
  for (let j = from + 1; j < tokens.length; j++) if (tokens[j]!.value === close) return j;
  return tokens.length;
}
