import type { Parents, Text } from "mdast";
import { defaultHandlers, type Info, type State, type Unsafe } from "mdast-util-to-markdown";

// mdast-util-to-markdown makes every text node safe by running each of its ~80 unsafe patterns over it (a
// scope check and a regex per pattern), though most HUD text holds few of their characters. A pattern can
// only escape a character of the text that is its own `character`, and one at a break, or whose `before` or
// `after` is a line break, only matches beside a line break. So for a text without line breaks or
// backslashes, only the in-scope patterns whose character it holds are run (their own regexes, the
// positions the default handler computes), those needing a break only when one is beside the text; when
// none lands inside the text, the text is written unchanged, as the default handler would. Anything else
// goes through the default handler.

const LINE_BREAK = new Set(["[\\r\\n]", "\\r", "\\n"]);
const needsBreak = (pattern: Unsafe): boolean =>
  Boolean(pattern.atBreak) || LINE_BREAK.has(pattern.before ?? "") || LINE_BREAK.has(pattern.after ?? "");

const listed = (list: Unsafe["inConstruct"], stack: readonly string[]): boolean | undefined => {
  if (!list || list.length === 0) return undefined;
  return (typeof list === "string" ? [list] : list).some((name) => stack.includes(name));
};
const inScope = (pattern: Unsafe, stack: readonly string[]): boolean =>
  listed(pattern.inConstruct, stack) !== false && listed(pattern.notInConstruct, stack) !== true;

const escapeClass = (chars: Iterable<string>): string =>
  [...chars].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

/**
 * Patterns that may apply, grouped by their character, and a class of those characters: all of them, and
 * those needing no break. A text is searched once per character, not once per pattern (~80 of them).
 */
type Candidates = { byCharacter: Map<string, Unsafe[]>; characters: RegExp };
type Scope = { anywhere: Candidates; withBreak: Candidates };

function candidates(patterns: Unsafe[]): Candidates {
  const byCharacter = new Map<string, Unsafe[]>();
  for (const pattern of patterns) {
    const group = byCharacter.get(pattern.character);
    if (group) group.push(pattern);
    else byCharacter.set(pattern.character, [pattern]);
  }
  return { byCharacter, characters: new RegExp(`[${escapeClass(byCharacter.keys())}]`) };
}

// Per construct stack. The patterns are the same objects on every call with the package's options: the
// cache is kept while the list's ends and length are.
let cachedFor: { length: number; first: Unsafe | undefined; last: Unsafe | undefined } | undefined;
const scopes = new Map<string, Scope>();

/** What the check reads of the serialiser's state: its unsafe patterns, construct stack and pattern compiler. */
export type TextState = Pick<State, "unsafe" | "stack" | "compilePattern">;

function scopeOf(state: TextState): Scope {
  const { unsafe, stack } = state;
  if (cachedFor?.length !== unsafe.length || cachedFor.first !== unsafe[0] || cachedFor.last !== unsafe.at(-1)) {
    cachedFor = { length: unsafe.length, first: unsafe[0], last: unsafe.at(-1) };
    scopes.clear();
  }
  const key = stack.join("\0");
  let scope = scopes.get(key);
  if (!scope) {
    const patterns = unsafe.filter((pattern) => inScope(pattern, stack));
    scope = { anywhere: candidates(patterns.filter((p) => !needsBreak(p))), withBreak: candidates(patterns) };
    scopes.set(key, scope);
  }
  return scope;
}

const BREAK = /[\r\n]/;
const BREAK_OR_BACKSLASH = /[\r\n\\]/;

/** Whether no unsafe pattern lands inside `input` between `before` and `after` (see above). */
export function untouched(state: TextState, input: string, before: string, after: string): boolean {
  if (BREAK_OR_BACKSLASH.test(input) || after.includes("\\")) return false;
  const scope = scopeOf(state);
  const { byCharacter, characters } = BREAK.test(before) || BREAK.test(after) ? scope.withBreak : scope.anywhere;
  if (!characters.test(input)) return true;
  const value = before + input + after;
  const start = before.length;
  const end = start + input.length;
  for (const [character, patterns] of byCharacter) {
    if (!input.includes(character)) continue;
    for (const pattern of patterns) if (lands(state, pattern, value, start, end)) return false;
  }
  return true;
}

/** Whether the pattern matches at a position in [start, end) of value (one anchored to a node always does). */
function lands(state: TextState, pattern: Unsafe, value: string, start: number, end: number): boolean {
  // anchored to a neighbouring node: left to the default handler
  if (pattern.beforeNode || pattern.afterNode) return true;
  const expression = state.compilePattern(pattern);
  expression.lastIndex = 0;
  let inside = false;
  for (let match = expression.exec(value); match && !inside; match = expression.exec(value)) {
    const at = match.index + (pattern.before || pattern.atBreak ? (match[1]?.length ?? 0) : 0);
    inside = at >= start && at < end;
  }
  // the regex is the pattern's own, shared with the default handler: leave it as a finished search does
  expression.lastIndex = 0;
  return inside;
}

/** The `text` handler: the text itself when no pattern lands in it, else the default handler's output. */
export function plainText(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  return untouched(state, node.value, info.before, info.after)
    ? node.value
    : defaultHandlers.text(node, parent, state, info);
}
