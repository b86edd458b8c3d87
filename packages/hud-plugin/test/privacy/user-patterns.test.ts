import { expect, test } from "bun:test";
import { parseConfig } from "../../src/config/parse.ts";
import { fakeOpencode } from "../helpers/fake-opencode.ts";
import { createRedactor } from "../../src/privacy/index.ts";
import { compilePatterns } from "../../src/privacy/user-patterns.ts";

// No timed assertion: on a backtracking engine `(a+)+b` takes over a second at 27 characters and doubles
// with each one more, so 200,000 characters would run for ages; the test's own time limit catches that.
test("a nested-quantifier pattern like (a+)+b runs in linear time on a text that makes backtracking explode", () => {
  const redactor = createRedactor({ redact: true, patterns: ["(a+)+b"] });
  const stalls = `${"a".repeat(200_000)}!`;
  expect(redactor.text(stalls)).toBe(stalls);
  expect(redactor.text(`${"a".repeat(27)}!`)).toBe(`${"a".repeat(27)}!`);
  expect(redactor.text("x aaab y")).toBe("x [redacted:pattern] y");
});

test("tool.execute.after with the pattern (a+)+b: bash outputs of 27 and 100,000 a's are recorded, a match is marked", async () => {
  const oc = await fakeOpencode({ privacy: { patterns: ["(a+)+b", "(x|x)*y"] } });
  try {
    for (const [i, output] of [`${"a".repeat(27)}!`, `${"a".repeat(100_000)}!`, "ticket aaab closed"].entries())
      await oc.hooks["tool.execute.after"](
        { tool: "bash", sessionID: "ses_p", callID: `c${i}`, args: { command: "run" } } as never,
        { title: "", output, metadata: { exit: 0 } } as never,
      );
    const history = await oc.hud("ses_p", "history", { limit: 5 });
    expect(history).toContain(`${"a".repeat(27)}!`);
    expect(history).toContain("ticket [redacted:pattern] closed");
  } finally {
    await oc.close();
  }
});

test("a pattern that needs backtracking (lookaround, back-reference) is refused at config load in one line; the others apply", () => {
  const { patterns, problems } = compilePatterns(["ACME-[0-9]{6}", "(?<=id=)\\d+", "(\\w)\\1", "bad(", ""]);
  expect(patterns.map((p) => p.source)).toEqual(["ACME-[0-9]{6}"]);
  expect(problems.map((p) => p.index)).toEqual([1, 2, 3, 4]);
  expect(problems[0]!.message).toStartWith("needs a backtracking feature (lookaround or a back-reference");
  expect(problems[2]!.message).toStartWith("not a regular expression");
  for (const problem of problems) expect(problem.message).not.toContain("\n");
  const parsed = parseConfig({ privacy: { patterns: ["ACME-[0-9]{6}", "(?=x)y"] } });
  expect(parsed.config.privacy.patterns).toEqual(["ACME-[0-9]{6}"]);
  expect(parsed.problems.map((p) => p.path)).toEqual(["privacy.patterns.1"]);
  expect(parsed.problems[0]!.message).toContain("it is left out");
});
