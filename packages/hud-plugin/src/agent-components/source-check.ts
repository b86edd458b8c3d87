import jsTokens, { type JSXToken, type Token as JsToken } from "js-tokens";

type Token = JsToken | JSXToken;

export type SourceCheck = { ok: true } | { ok: false; error: string };

const SKIPPED = new Set([
  "WhiteSpace",
  "LineTerminatorSequence",
  "MultiLineComment",
  "SingleLineComment",
  "HashbangComment",
]);

/**
 * Reads the agent's source as tokens only (js-tokens: a tokenizer, it evaluates and resolves nothing) before
 * any compiler sees it: every `import` (static, dynamic, with attributes such as `{ type: "macro" }`) and
 * every re-export is refused, and a default export must be there. A transpiler that honours import
 * attributes therefore never receives one.
 */
export function checkSource(source: string): SourceCheck {
  const tokens: Token[] = [];
  for (const token of jsTokens(source, { jsx: true })) if (!SKIPPED.has(token.type)) tokens.push(token);
  let hasDefault = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== "IdentifierName") continue;
    const before = tokens[i - 1]?.value;
    const after = tokens[i + 1]?.value;
    // `a.import`, `{ import: 1 }`, `import.meta` stay tokens of ordinary code
    if (before === "." || before === "?." || after === ":" || (after === "." && token.value === "import")) continue;
    if (token.value === "import") return refused(pathAfter(tokens, i) ?? "import");
    if (token.value !== "export") continue;
    if (after === "default") hasDefault = true;
    if (after === "*" || after === "{") {
      const end = indexOfValue(tokens, i, ";", "}");
      const from = tokens[end + 1]?.value === "from" ? pathAfter(tokens, end) : undefined;
      if (from !== undefined) return refused(from);
      for (let j = i; j < end; j++)
        if (tokens[j]?.value === "as" && tokens[j + 1]?.value === "default") hasDefault = true;
    }
  }
  if (!hasDefault)
    return { ok: false, error: "no default export; expected export default function Name({ state, density }) { … }" };
  return { ok: true };
}

const refused = (found: string): SourceCheck => ({
  ok: false,
  error: `imports are not available in the sandbox (found ${JSON.stringify(found)}); write helpers in the same source and read data from the props`,
});

/** The first string literal after a token, within the statement: the module an import or re-export names. */
function pathAfter(tokens: Token[], from: number): string | undefined {
  for (let j = from + 1; j < tokens.length && j < from + 64; j++) {
    const token = tokens[j]!;
    if (token.type === "StringLiteral" || token.type === "NoSubstitutionTemplate") return token.value.slice(1, -1);
    if (token.value === ";") return undefined;
  }
  return undefined;
}

function indexOfValue(tokens: Token[], from: number, stop: string, close: string): number {
  for (let j = from + 1; j < tokens.length; j++) if (tokens[j]!.value === close || tokens[j]!.value === stop) return j;
  return tokens.length;
}
