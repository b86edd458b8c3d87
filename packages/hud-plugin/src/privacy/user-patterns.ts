export type PatternProblem = { index: number; message: string };

/**
 * The person's extra patterns (`privacy.patterns`), compiled: each is a JavaScript regular expression
 * source, matched case-sensitively anywhere in a text. One that does not compile, or that matches the
 * empty string (it would mark every position), is reported and left out.
 */
export function compilePatterns(sources: readonly string[]): { patterns: RegExp[]; problems: PatternProblem[] } {
  const patterns: RegExp[] = [];
  const problems: PatternProblem[] = [];
  sources.forEach((source, index) => {
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, "g");
    } catch (error) {
      const why = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
      problems.push({ index, message: `not a regular expression (${why})` });
      return;
    }
    if (pattern.test("")) {
      problems.push({ index, message: "matches the empty string, so it would mark every position" });
      return;
    }
    pattern.lastIndex = 0;
    patterns.push(pattern);
  });
  return { patterns, problems };
}
