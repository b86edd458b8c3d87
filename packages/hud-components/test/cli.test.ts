import { describe, expect, test } from "bun:test";
import { join } from "node:path";

const bin = join(import.meta.dir, "..", "bin", "hud-preview.ts");
const state = join(import.meta.dir, "..", "fixtures", "mid-task", "state.json");

function run(...args: string[]) {
  const p = Bun.spawnSync(["bun", bin, ...args], { stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
}

describe("hud-preview CLI", () => {
  test("--all prints every density with its token count", () => {
    const r = run(state, "--all");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/── full · \d+ tokens \(budget 800\)/);
    expect(r.out).toMatch(/── compact · \d+ tokens \(budget 250\)/);
    expect(r.out).toMatch(/── minimal · \d+ tokens \(budget 80\)/);
    expect(r.out).toContain("Add CSV export");
  }, 20_000);

  test("--usage picks the density, --budget binds", () => {
    const r = run(state, "--usage", "95", "--budget", "40");
    expect(r.code).toBe(0);
    const tokens = Number(/── minimal · (\d+) tokens \(budget 40\)/.exec(r.out)?.[1]);
    expect(tokens).toBeLessThanOrEqual(40);
    expect(r.out).toContain("⚠ Context 95%");
  }, 20_000);

  test("bad arguments and files give one clear line and exit 1", () => {
    for (const [args, message] of [
      [["missing.json"], /cannot read missing\.json: no such file/],
      [[state, "--density", "huge"], /--density expects full, compact or minimal/],
      [[state, "--budget", "-3"], /--budget expects a number/],
      [[state, "--nope"], /unknown option "--nope"/],
      [[], /missing state file/],
      [[join(import.meta.dir, "..", "package.json")], /invalid state file at \/session/],
    ] as const) {
      const r = run(...args);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  }, 60_000);
});
