import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { interpreterOnly } from "../../src/host/lean-jit.ts";

const ENTRY = join(import.meta.dir, "lean-jit", "entry.ts");

async function run(env: Record<string, string | undefined>) {
  const proc = Bun.spawn(["bun", ENTRY], { env: { ...process.env, ...env }, stdin: "pipe", stdout: "pipe" });
  proc.stdin.write("initialize\n");
  await proc.stdin.end();
  const lines = (await new Response(proc.stdout).text()).trim().split("\n");
  await proc.exited;
  return { pid: proc.pid, lines: lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("a server's lean JIT", () => {
  test("relaunches once in place (same pid, stdin kept) with the compilers off and a small heap, and leaves no variable to children", async () => {
    const { pid, lines } = await run({
      BUN_JSC_useBaselineJIT: undefined,
      BUN_JSC_useJIT: undefined,
      AGENT_HUD_LEAN_JIT: undefined,
    });
    // this Bun's choice: no JIT at all on 1.4 and later, the compilers off before
    const startedNoJit = interpreterOnly(Bun.version);
    expect(lines).toEqual([
      { start: pid },
      { start: pid },
      { pid, dfgOff: true, smol: true, startedNoJit, env: {}, stdin: "initialize\n" },
    ]);
  });

  test("a person's own BUN_JSC_useBaselineJIT wins: no relaunch, the tier as they set it", async () => {
    const { pid, lines } = await run({ BUN_JSC_useBaselineJIT: "1", AGENT_HUD_LEAN_JIT: undefined });
    expect(lines).toEqual([
      { start: pid },
      { pid, dfgOff: false, smol: false, startedNoJit: false, env: { flag: "1" }, stdin: "initialize\n" },
    ]);
  });

  test("a person's own BUN_JSC_useJIT wins: relaunched with the compilers off, their setting kept as it is", async () => {
    const { pid, lines } = await run({
      BUN_JSC_useBaselineJIT: undefined,
      BUN_JSC_useJIT: "1",
      AGENT_HUD_LEAN_JIT: undefined,
    });
    expect(lines).toEqual([
      { start: pid },
      { start: pid },
      { pid, dfgOff: true, smol: true, startedNoJit: false, env: { noJit: "1" }, stdin: "initialize\n" },
    ]);
  });

  test("no JIT at all from Bun 1.4 on, where the interpreter alone keeps the server's CPU; the compilers only before", () => {
    expect(["1.3.10", "1.3.14", "1.4.0", "1.4.5", "1.10.2", "2.0.0"].map(interpreterOnly)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});
