/**
 * TestResults: pass/fail counts of the last test run the agent started through the bash tool, and the
 * names of the first failing tests, so a red suite stays in view after the output scrolled away.
 *
 * The counts are derived here, from the bash outputs the HUD state keeps (`state.toolResults`: the last
 * five tool results, newest last, each output cut to its final ~1,000 characters, where runners print their
 * summaries). It recognises bun test, jest, vitest, pytest, cargo test, go test and mocha, so supporting
 * another runner is a change to this file only.
 */
import type { HudComponentProps, ToolResult } from "@agent-hud/hud-components";

export const after = "blockers";
export const priority = 75;

export type TestRun = {
  passed: number;
  failed: number;
  skipped: number;
  unit: string;
  failures: string[];
  command?: string;
  exit?: number;
};

type Counts = Pick<TestRun, "passed" | "failed" | "skipped"> & { unit?: string };
type Runner = { summary: (out: string) => Counts | undefined; failure: RegExp };

const num = (out: string, pattern: RegExp): number => {
  let total = 0;
  for (const m of out.matchAll(pattern)) total += Number(m[1]);
  return total;
};
const has = (out: string, pattern: RegExp) => pattern.test(out);
const lines = (out: string, pattern: RegExp) => out.match(pattern)?.length ?? 0;

// Ordered: the first runner whose summary matches the output wins.
const RUNNERS: Runner[] = [
  {
    // bun test: " 41 pass" / " 1 fail" / " 2 skip" on their own lines
    summary: (o) =>
      has(o, /^\s*\d+ pass$/m)
        ? {
            passed: num(o, /^\s*(\d+) pass$/gm),
            failed: num(o, /^\s*(\d+) fail$/gm),
            skipped: num(o, /^\s*(\d+) (?:skip|todo)$/gm),
          }
        : undefined,
    failure: /^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm,
  },
  {
    // jest: "Tests:       1 failed, 2 skipped, 41 passed, 44 total"
    summary: (o) => {
      const line = /^Tests:\s+(.*\btotal)$/m.exec(o)?.[1];
      return line
        ? {
            passed: num(line, /(\d+) passed/g),
            failed: num(line, /(\d+) failed/g),
            skipped: num(line, /(\d+) (?:skipped|todo)/g),
          }
        : undefined;
    },
    failure: /^\s*● (.+)$/gm,
  },
  {
    // vitest: "      Tests  1 failed | 41 passed (42)"
    summary: (o) => {
      const line = /^\s*Tests\s{2,}(.*\(\d+\))\s*$/m.exec(o)?.[1];
      return line
        ? {
            passed: num(line, /(\d+) passed/g),
            failed: num(line, /(\d+) failed/g),
            skipped: num(line, /(\d+) (?:skipped|todo)/g),
          }
        : undefined;
    },
    failure: /^\s*(?:FAIL|×)\s+(.+?)(?: \d+ms)?$/gm,
  },
  {
    // cargo test: "test result: FAILED. 41 passed; 1 failed; 0 ignored; …" (one per test binary)
    summary: (o) =>
      has(o, /^test result: /m)
        ? { passed: num(o, /(\d+) passed;/g), failed: num(o, /(\d+) failed;/g), skipped: num(o, /(\d+) ignored;/g) }
        : undefined,
    failure: /^test (\S+) \.\.\. FAILED$/gm,
  },
  {
    // pytest: "==== 1 failed, 41 passed, 2 skipped in 0.12s ===="
    summary: (o) => {
      const line = /^=+ (.*\bin [\d.]+s.*) =+$/m.exec(o)?.[1];
      return line && /passed|failed/.test(line)
        ? {
            passed: num(line, /(\d+) passed/g),
            failed: num(line, /(\d+) (?:failed|error)/g),
            skipped: num(line, /(\d+) (?:skipped|xfailed)/g),
          }
        : undefined;
    },
    failure: /^FAILED (\S+)/gm,
  },
  {
    // mocha: "  41 passing (2s)" / "  1 failing"
    summary: (o) =>
      has(o, /^\s*\d+ passing/m)
        ? {
            passed: num(o, /^\s*(\d+) passing/gm),
            failed: num(o, /^\s*(\d+) failing/gm),
            skipped: num(o, /^\s*(\d+) pending/gm),
          }
        : undefined,
    failure: /^\s*\d+\) (.+)$/gm,
  },
  {
    // go test: one "ok  \tpkg" or "FAIL\tpkg" line per package
    summary: (o) =>
      has(o, /^(?:ok|FAIL)\s+\S+/m)
        ? { passed: lines(o, /^ok\s+\S+/gm), failed: lines(o, /^FAIL\t\S+/gm), skipped: 0, unit: "packages" }
        : undefined,
    failure: /^--- FAIL: (\S+)/gm,
  },
];

/** The counts in one command's output, or undefined when it holds no test summary. */
export function parseTestRun(output: string): Omit<TestRun, "command" | "exit"> | undefined {
  const out = output.replace(/\x1b\[[0-9;]*m/g, "").replace(/\r/g, "");
  for (const runner of RUNNERS) {
    const counts = runner.summary(out);
    if (!counts || counts.passed + counts.failed + counts.skipped === 0) continue;
    const failures = [...new Set([...out.matchAll(runner.failure)].map((m) => m[1]!.trim()))];
    return {
      unit: counts.unit ?? "tests",
      passed: counts.passed,
      failed: counts.failed,
      skipped: counts.skipped,
      failures,
    };
  }
  return undefined;
}

/** The newest bash result that contains a test summary. */
export function lastTestRun(results: readonly ToolResult[]): TestRun | undefined {
  for (let i = results.length - 1; i >= 0; i--) {
    const result = results[i]!;
    if (result.tool !== "bash") continue;
    const run = parseTestRun(result.output);
    if (run)
      return {
        ...run,
        ...(result.command ? { command: result.command } : {}),
        ...(result.exit !== undefined ? { exit: result.exit } : {}),
      };
  }
  return undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export default function TestResults({ state, density }: HudComponentProps) {
  const run = lastTestRun(state.toolResults);
  if (!run) return null;
  const ok = run.failed === 0;
  const mark = ok ? "✓" : "✗";
  if (density === "minimal")
    return (
      <paragraph>
        <strong>Tests</strong> {mark} {run.passed}/{run.passed + run.failed}
      </paragraph>
    );
  const counts = [
    run.failed ? `${run.failed} failed` : "",
    `${run.passed} passed`,
    run.skipped ? `${run.skipped} skipped` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const unit = run.unit === "tests" ? "" : ` ${run.unit}`;
  const line = (
    <paragraph>
      <strong>Tests</strong> {mark} {counts}
      {unit}
      {run.command ? " — " : ""}
      {run.command ? <inlineCode value={clip(run.command, 60)} /> : null}
    </paragraph>
  );
  const shown = density === "full" ? run.failures.slice(0, 5) : [];
  if (shown.length === 0) return line;
  const more = run.failures.length - shown.length;
  return (
    <section>
      {line}
      <list>
        {shown.map((name) => (
          <item>
            <paragraph>{clip(name, 100)}</paragraph>
          </item>
        ))}
        {more > 0 && (
          <item>
            <paragraph>+{more} more failing</paragraph>
          </item>
        )}
      </list>
    </section>
  );
}
