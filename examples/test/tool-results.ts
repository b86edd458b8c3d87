import { emptyState, replay, type HudState, type ToolResult } from "@agent-hud/hud-components";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A session state after these tool calls, recorded as the plugin records them (`tool.result` events). */
export function stateWith(results: ToolResult[]): HudState {
  return replay("session", [
    { kind: "task.set", at: 1, description: "fix the login tests" },
    ...results.map((result) => ({ kind: "tool.result" as const, ...result })),
  ]);
}

export const noResults = (): HudState => emptyState("session");

/** The real output of `bun test` over a small suite with one failing test (what the bash tool returns). */
export function realBunTestOutput(): string {
  const dir = mkdtempSync(join(tmpdir(), "hud-example-tests-"));
  try {
    writeFileSync(
      join(dir, "math.test.ts"),
      `import { expect, test } from "bun:test";
test("adds", () => expect(1 + 1).toBe(2));
test("multiplies", () => expect(2 * 3).toBe(6));
test("divides by zero", () => expect(1 / 0).toBe(0));
test.skip("later", () => {});
`,
    );
    const run = Bun.spawnSync([process.execPath, "test"], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    return run.stdout.toString() + run.stderr.toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
