import { linearPatterns } from "./load-linear-patterns.ts";
import type { LinearPattern } from "./linear-patterns.ts";

export type PatternProblem = { index: number; message: string };
export type UserPattern = { source: string; replace: LinearPattern };

const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The person's extra patterns (`privacy.patterns`), compiled: each is a regular expression source,
 * matched case-sensitively anywhere in a text, on a linear-time engine (RE2), so that no pattern can
 * stall a hook however it is written. One that does not compile, needs backtracking (lookaround,
 * back-references), or matches the empty string (it would mark every position) is reported and left out.
 */
export function compilePatterns(sources: readonly string[]): { patterns: UserPattern[]; problems: PatternProblem[] } {
  const patterns: UserPattern[] = [];
  const problems: PatternProblem[] = [];
  let engine: ReturnType<typeof linearPatterns> | undefined;
  let engineError: unknown;
  try {
    if (sources.length > 0) engine = linearPatterns();
  } catch (error) {
    engineError = error;
  }
  sources.forEach((source, index) => {
    let pattern: RegExp;
    try {
      pattern = new RegExp(source);
    } catch (error) {
      problems.push({
        index,
        message: `not a regular expression (${why(error).replace(/^Invalid regular expression: /, "")})`,
      });
      return;
    }
    if (pattern.test("")) {
      problems.push({ index, message: "matches the empty string, so it would mark every position" });
      return;
    }
    if (!engine) {
      problems.push({ index, message: `cannot run (${why(engineError)})` });
      return;
    }
    try {
      patterns.push({ source, replace: engine.compileLinear(source) });
    } catch (error) {
      problems.push({
        index,
        message: `needs a backtracking feature (lookaround or a back-reference: ${why(error)}); patterns run in linear time so that none can stall a tool call`,
      });
    }
  });
  return { patterns, problems };
}
