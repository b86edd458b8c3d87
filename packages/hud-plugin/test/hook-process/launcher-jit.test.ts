import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_JIT_FLAG, hookLauncher } from "../../src/hook-process/plugin-files.ts";

const HOOK_MAIN = join(import.meta.dir, "../../src/hook-process/hook-main.ts");

/**
 * The launcher beside a hook.js that reports the JIT variables twice: as its process started, and as a
 * process it starts would get them (inside `runHookProcess`, where the runtime opens).
 */
function launcher(): string {
  const dir = mkdtempSync(join(tmpdir(), "hook-jit-"));
  writeFileSync(join(dir, "hook.sh"), hookLauncher("a test"));
  writeFileSync(
    join(dir, "hook.js"),
    `import { runHookProcess } from ${JSON.stringify(HOOK_MAIN)};
const vars = () => ({ flag: process.env.${HOOK_JIT_FLAG} ?? null, mark: process.env.AGENT_HUD_HOOK_JIT ?? null });
const started = vars();
await runHookProcess({
  folder: ${JSON.stringify(join(dir, "no-server"))},
  logLine() {},
  goesOn: "the turn",
  inProcess: async () => ({ started, children: vars() }),
  output: (reply) => JSON.stringify(reply),
});
`,
  );
  return dir;
}

function run(dir: string, flag?: string) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
  if (flag !== undefined) env[HOOK_JIT_FLAG] = flag;
  const proc = Bun.spawnSync(["sh", join(dir, "hook.sh"), "SessionStart"], { env, stdin: Buffer.from("{}") });
  expect(proc.exitCode).toBe(0);
  return JSON.parse(proc.stdout.toString()) as Record<string, { flag: string | null; mark: string | null }>;
}

describe("the hook launcher's JIT setting", () => {
  test("starts the hook with JSC's compilers off, and the processes the hook starts get neither variable", () => {
    expect(run(launcher())).toEqual({ started: { flag: "0", mark: "1" }, children: { flag: null, mark: null } });
  });

  test("a person's own BUN_JSC_useBaselineJIT wins, and is passed on to what the hook starts", () => {
    expect(run(launcher(), "1")).toEqual({ started: { flag: "1", mark: null }, children: { flag: "1", mark: null } });
  });
});
