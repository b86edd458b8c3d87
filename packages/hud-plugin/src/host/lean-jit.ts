// The `hud` MCP servers live for a whole session, but each call runs the same code only a few hundred times:
// JSC's compilers (the baseline JIT, then DFG and FTL) recompile those paths for little gain, and their code
// and profiling data cost a server resident memory: the optimizing tiers ~14 MiB over a 60-call session (66
// MiB peak against 80 MiB), the baseline JIT ~7 MiB more (+28.6 MiB over bare bun against +35.8), with the
// server's CPU the same or lower (the interpreter keeps its inline caches and the regular-expression JIT).
// The same start takes bun's `--smol` (a smaller heap, collected sooner): ~3 MiB less (+25.6), and without
// the compilers no more CPU. On Bun 1.4 the interpreter runs without any JIT code at all (no inline-cache
// stubs, no regular-expression JIT) at about the same CPU and 6-8 MiB less (peak +24.6-26.0 against +34.5 over
// bare bun, 60 calls); on 1.3 that doubles the server's CPU, so there only the compilers are off. JSC reads
// its options once, before any script runs, so the server turns them off by replacing itself (same pid,
// same stdio) with a bun that starts so.
import { HOOK_JIT_FLAG as FLAG } from "../hook-process/plugin-files.ts";

const MARK = "AGENT_HUD_LEAN_JIT";
const NO_JIT = "BUN_JSC_useJIT";

/** Whether this Bun runs a server's paths as fast with no JIT at all (1.4 and later). */
export function interpreterOnly(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map((n) => Number.parseInt(n, 10) || 0);
  return major > 1 || (major === 1 && minor >= 4);
}

/** Call first thing in a server's entry, before it imports the runtime. */
export function leanJit(): void {
  const mark = process.env[MARK];
  if (mark === "1" || mark === "2") {
    // the processes the server starts (the agent components' sandbox) start as bun does by default
    delete process.env[MARK];
    delete process.env[FLAG];
    if (mark === "2") delete process.env[NO_JIT];
    return;
  }
  // a person's own setting wins; a runtime without execve runs on as started
  if (process.env[FLAG] !== undefined || typeof process.execve !== "function") return;
  const noJit = interpreterOnly(Bun.version) && process.env[NO_JIT] === undefined;
  try {
    const smol = process.execArgv.includes("--smol") ? [] : ["--smol"];
    process.execve(process.execPath, [process.execPath, ...smol, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      [FLAG]: "0",
      ...(noJit ? { [NO_JIT]: "0" } : {}),
      [MARK]: noJit ? "2" : "1",
    });
  } catch {
    // runs on with the default tiers
  }
}
