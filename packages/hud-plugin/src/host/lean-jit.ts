// The `hud` MCP servers live for a whole session, but each call runs the same code only a few hundred times:
// JSC's compilers (the baseline JIT, then DFG and FTL) recompile those paths for little gain, and their code
// and profiling data cost a server resident memory: the optimizing tiers ~14 MiB over a 60-call session (66
// MiB peak against 80 MiB), the baseline JIT ~7 MiB more (+28.6 MiB over bare bun against +35.8), with the
// server's CPU the same or lower (the interpreter keeps its inline caches and the regular-expression JIT).
// The same start takes bun's `--smol` (a smaller heap, collected sooner): ~3 MiB less (+25.6), and without
// the compilers no more CPU. JSC reads its options once, before any script runs, so the server turns the
// compilers off by replacing itself (same pid, same stdio) with a bun that starts so.
import { HOOK_JIT_FLAG as FLAG } from "../hook-process/plugin-files.ts";

const MARK = "AGENT_HUD_LEAN_JIT";

/** Call first thing in a server's entry, before it imports the runtime. */
export function leanJit(): void {
  if (process.env[MARK] === "1") {
    // the processes the server starts (the agent components' sandbox) start as bun does by default
    delete process.env[MARK];
    delete process.env[FLAG];
    return;
  }
  // a person's own setting wins; a runtime without execve runs on as started
  if (process.env[FLAG] !== undefined || typeof process.execve !== "function") return;
  try {
    const smol = process.execArgv.includes("--smol") ? [] : ["--smol"];
    process.execve(process.execPath, [process.execPath, ...smol, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      [FLAG]: "0",
      [MARK]: "1",
    });
  } catch {
    // runs on with the default tiers
  }
}
