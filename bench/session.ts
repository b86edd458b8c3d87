// What the plugin costs a host over a whole session, in memory and CPU, side by side with the targets:
// 1. opencode: the same scripted 60-call session (`opencode serve`, the fake OpenAI-compatible LLM; every call
//    but the last a tool step, the agent setting a task and adding notes and steps so the HUD passes a quarter
//    of its budget) with and without the plugin, alternated; the server process's peak RSS (VmHWM), its RSS
//    after the session (VmRSS) and its CPU time over the session (user + system, waited-for children included),
//    and its child processes' RSS when the session ended (a sandbox would be one), which its own RSS leaves out.
// 2. The plugin's share of that process, isolated (session-inprocess.ts): one such session recorded, its hooks
//    replayed with and without the bundle inside fresh `opencode serve` processes and in bare bun ones;
//    opencode's own peak moves by tens of MiB between identical sessions, the replays' medians by ~2.
// 3. Claude Code: the session's `hud` MCP server fed 60 forwarded hooks and the agent's `hud` calls
//    (session-claude-code.ts), against a bare bun process.
// 4. A cold hook process that renders in-process (no server), with the estimate and with o200k.
// Targets (printed, never asserted): RSS delta <= 25 MiB (peak and after), CPU <= 1.10x; cold hook <= 60 ms CPU
// (last measured in stop 53, quiet, median of 9: 48 ms SessionStart, 51 PostToolBatch; history in
// docs/architecture.md).
// Last run (stop 53, load 0.8-1.6): opencode, 3 pairs: peak +29.7 MiB (the sessions without the plugin peaked
// at 715-795: noise at this size), after +17.5, CPU 1.070x. Isolated inside opencode, 5 replays: +24.0 / +21.4
// MiB, 1.076x; in bare bun +41.8 / +40.0 (+9 of it bun's binary paged in, which opencode's process has in
// already), 1.035x. The MCP server +23.5 / +22.6 MiB over bare bun, 12.3 ms a call (1.04x by proxy): no MCP
// SDK, Bun's own stdin, stdout, socket and crypto, no JIT on Bun 1.4, bun's --smol, and a full collection
// shortly after answers once the heap grew. What is left is mostly the code the plugin's paths run (bytecode,
// JIT code and data) and, in a bare process, bun's own pages; the breakdown is in docs/architecture.md ("A
// whole session").
// `bun session.ts` runs it alone; SESSION_PAIRS sets the opencode with/without pairs (default 2), SESSION_REPLAYS
// the isolated replays of each (default 7); SESSION_READS=1 adds two variants each pair, a file read in place of
// each hud call, without and with the plugin; SESSION_COLD_ONLY=1 runs only the cold hook processes (the MCP
// server still builds their state, unmeasured); SESSION_CLAUDE_ONLY=1 runs Claude Code's part alone (the server
// and the cold hooks), SESSION_OPENCODE_CALL_MS standing in for opencode's CPU a call.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { PLUGIN_DIR } from "../e2e/harness/opencode.ts";
import { runClaudeCodeSessionBench } from "./session-claude-code.ts";
import { recordSession, runInProcess } from "./session-inprocess.ts";
import { openCodeSession, type Run, type Variant } from "./session-opencode.ts";
import { CALLS, CPU_TARGET, FULL_BUDGET, median, met, mib, RSS_TARGET_MIB } from "./session-common.ts";

async function runOpenCode(pairs: number): Promise<{ cpuWithout: number }> {
  console.log(
    `opencode serve, one session of ${CALLS} LLM calls (${CALLS - 1} tool steps: a file read, with the plugin also the agent's hud calls), ` +
      `${pairs} alternated pairs; the server process's RSS and its CPU over the session (user + system, children included; ` +
      `on a shared machine opencode's own CPU for it varies by ~30% from run to run: compare several runs)`,
  );
  const runs: Record<Variant, Run[]> = { without: [], with: [], reads: [], "with-reads": [] };
  const variants: Variant[] = ["without", "with"];
  if (process.env.SESSION_READS === "1") variants.push("reads", "with-reads");
  for (let i = 0; i < pairs; i++)
    for (const variant of i % 2 ? [...variants].reverse() : variants) {
      const run = await openCodeSession(variant);
      runs[variant].push(run);
      console.log(
        `  pair ${i + 1} ${variant.padEnd(10)} RSS at session start ${mib(run.start.rss).toFixed(0).padStart(4)} MiB, ` +
          `peak ${mib(run.peak).toFixed(0).padStart(4)} MiB, after ${mib(run.after).toFixed(0).padStart(4)} MiB, ` +
          `CPU ${run.cpuMs.toFixed(0).padStart(5)} ms${variant === "with" ? `, last HUD ${run.hudTokens} tokens (quarter of budget: ${FULL_BUDGET / 4})` : ""}`,
      );
    }
  const med = (variant: Variant, of: (r: Run) => number) => median(runs[variant].map(of));
  const delta = (of: (r: Run) => number) => mib(med("with", of) - med("without", of));
  const peak = delta((r) => r.peak);
  const after = delta((r) => r.after);
  const ratio = med("with", (r) => r.cpuMs) / med("without", (r) => r.cpuMs);
  const perPair = runs.with.map((r, i) => mib(r.after - runs.without[i]!.after).toFixed(0)).join(", ");
  console.log(`  medians, with - without (target <= +${RSS_TARGET_MIB} MiB, CPU <= ${CPU_TARGET}x):`);
  console.log(
    `    peak RSS  ${peak.toFixed(1).padStart(6)} MiB  ${met(peak <= RSS_TARGET_MIB, `${(peak - RSS_TARGET_MIB).toFixed(1)} MiB over`)}`,
  );
  console.log(
    `    RSS after ${after.toFixed(1).padStart(6)} MiB  ${met(after <= RSS_TARGET_MIB, `${(after - RSS_TARGET_MIB).toFixed(1)} MiB over`)} (per pair: ${perPair} MiB)`,
  );
  console.log(
    `    of it the process's own memory (anonymous: heaps, JIT code, caches) ${delta((r) => r.anonymous).toFixed(1)} MiB`,
  );
  console.log(
    `    its child processes' RSS when the session ended (not in the figures above) ${delta((r) => r.children).toFixed(1)} MiB`,
  );
  console.log(
    `    CPU       ${ratio.toFixed(3).padStart(6)}x    ${met(ratio <= CPU_TARGET, `${((ratio / CPU_TARGET - 1) * 100).toFixed(0)}% over`)}`,
  );
  if (runs.reads.length)
    console.log(
      `    "reads" (no plugin, a file read for each hud call) / without: CPU ${(med("reads", (r) => r.cpuMs) / med("without", (r) => r.cpuMs)).toFixed(3)}x, ` +
        `RSS after ${mib(med("reads", (r) => r.after) - med("without", (r) => r.after)).toFixed(1)} MiB: opencode's own cost of the extra tool calls`,
    );
  if (runs["with-reads"].length)
    console.log(
      `    "with-reads" (the plugin, no hud calls) / "reads": CPU ${(med("with-reads", (r) => r.cpuMs) / med("reads", (r) => r.cpuMs)).toFixed(3)}x: ` +
        `the plugin's hooks alone, its HUD small`,
    );
  return { cpuWithout: med("without", (r) => r.cpuMs) };
}

export async function runSessionBench(): Promise<void> {
  ensureFreshBundle();
  ensureFreshBundle({ bundle: join(PLUGIN_DIR, "dist", "claude-code", "scripts", "hook.js") });
  if (process.env.SESSION_COLD_ONLY === "1") return runClaudeCodeSessionBench();
  // Claude Code's side alone, for its own changes: opencode's CPU a call without the plugin, the proxy's
  // denominator, is then the one given (default: 285 ms, the middle of recorded runs' 250-320)
  if (process.env.SESSION_CLAUDE_ONLY === "1")
    return runClaudeCodeSessionBench(Number(process.env.SESSION_OPENCODE_CALL_MS ?? 285));
  const { cpuWithout } = await runOpenCode(Number(process.env.SESSION_PAIRS ?? 2));
  const recording = join(tmpdir(), `hud-session-${process.pid}.jsonl`);
  try {
    await recordSession(recording);
    await runInProcess(recording, Number(process.env.SESSION_REPLAYS ?? 7), cpuWithout);
  } finally {
    rmSync(recording, { force: true });
  }
  await runClaudeCodeSessionBench(cpuWithout / CALLS);
}

if (import.meta.main) await runSessionBench();
