// The person's patterns run on RE2's engine (re2js), whose time is linear in the text whatever the
// pattern: `(a+)+b` cannot hold a tool call for seconds as it does on a backtracking engine. This module
// is built as a file of its own and loaded only when there are patterns (load-linear-patterns.ts).
import { RE2JS } from "re2js";

export type LinearPattern = (text: string, replacement: string) => string;

/** The pattern compiled for linear-time matching; throws when it needs backtracking (lookaround, back-references). */
export function compileLinear(source: string): LinearPattern {
  const pattern = RE2JS.compile(source);
  return (text, replacement) => {
    const matcher = pattern.matcher(text);
    // literal replacement: the mark holds no group references
    return matcher.find() ? pattern.matcher(text).replaceAll(RE2JS.quoteReplacement(replacement)) : text;
  };
}
