import { describe, expect, test } from "bun:test";
import { renderAllDensities } from "@agent-hud/hud-components/testing";
import TestResults, { lastTestRun, parseTestRun } from "../components/TestResults.tsx";
import { noResults, realBunTestOutput, stateWith } from "./tool-results.ts";

const view = (state: ReturnType<typeof stateWith>) => ({ session: state, project: noResults() });

describe("TestResults snapshots", () => {
  test("a real failing bun test run", () => {
    const state = stateWith([{ tool: "bash", command: "bun test", exit: 1, output: realBunTestOutput(), at: 2 }]);
    expect(renderAllDensities(TestResults, { view: view(state) })).toMatchSnapshot();
  });

  test("a passing pytest run after an older failing one", () => {
    const state = stateWith([
      {
        tool: "bash",
        command: "pytest -q",
        exit: 1,
        output: "FAILED tests/test_auth.py::test_expiry - assert 1 == 2\n==== 1 failed, 40 passed in 1.20s ====\n",
        at: 2,
      },
      { tool: "read", output: "==== 9 failed in 1.00s ====", at: 3 },
      {
        tool: "bash",
        command: "pytest -q",
        exit: 0,
        output: "........\n==== 41 passed, 2 skipped in 1.31s ====\n",
        at: 4,
      },
    ]);
    expect(renderAllDensities(TestResults, { view: view(state) })).toMatchSnapshot();
  });

  test("no test run yet renders nothing", () => {
    const state = stateWith([{ tool: "bash", command: "ls", exit: 0, output: "README.md\nsrc\n", at: 2 }]);
    expect(renderAllDensities(TestResults, { view: view(state) })).toEqual({ full: "", compact: "", minimal: "" });
  });
});

describe("summaries of other runners", () => {
  const cases: Array<[string, string, { passed: number; failed: number; skipped: number; failures: string[] }]> = [
    [
      "jest",
      "  ● auth › rejects expired tokens\n\nTests:       1 failed, 2 skipped, 41 passed, 44 total\n",
      { passed: 41, failed: 1, skipped: 2, failures: ["auth › rejects expired tokens"] },
    ],
    [
      "vitest",
      " × src/auth.test.ts > rejects expired tokens 3ms\n      Tests  1 failed | 41 passed (42)\n",
      { passed: 41, failed: 1, skipped: 0, failures: ["src/auth.test.ts > rejects expired tokens"] },
    ],
    [
      "cargo",
      "test auth::expiry ... FAILED\ntest result: FAILED. 41 passed; 1 failed; 0 ignored; 0 measured\n",
      { passed: 41, failed: 1, skipped: 0, failures: ["auth::expiry"] },
    ],
    [
      "mocha",
      "  41 passing (2s)\n  1 failing\n\n  1) auth rejects expired tokens:\n",
      { passed: 41, failed: 1, skipped: 0, failures: ["auth rejects expired tokens:"] },
    ],
    [
      "colored bun",
      "\x1b[31m(fail)\x1b[0m login > rejects [0.20ms]\n\x1b[32m 3 pass\x1b[0m\n\x1b[31m 1 fail\x1b[0m\n",
      { passed: 3, failed: 1, skipped: 0, failures: ["login > rejects"] },
    ],
  ];
  for (const [runner, output, expected] of cases)
    test(runner, () => expect(parseTestRun(output)).toMatchObject({ ...expected, unit: "tests" }));

  test("go test counts packages", () => {
    const out =
      "--- FAIL: TestExpiry (0.00s)\nFAIL\texample.com/auth\t0.01s\nok  \texample.com/api\t0.02s\nok  \texample.com/db\t0.03s\n";
    expect(parseTestRun(out)).toEqual({ unit: "packages", passed: 2, failed: 1, skipped: 0, failures: ["TestExpiry"] });
  });

  test("output without a summary is not a test run; only bash results count", () => {
    expect(parseTestRun("compiled 12 files\n")).toBeUndefined();
    expect(lastTestRun([{ tool: "read", output: " 3 pass\n", at: 1 }])).toBeUndefined();
  });
});
