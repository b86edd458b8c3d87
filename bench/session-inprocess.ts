// The plugin's own share of opencode's memory and CPU, told from opencode's noise (its own peak moves by tens
// of MiB between identical sessions): one opencode session of the session bench's 60 calls is recorded with
// agent-hud loaded through bench/session-recorder.ts (every hook and `hud` call, input and output), then played
// back with the bundle and without it, alternated, in two places: inside a fresh `opencode serve` process (by
// bench/session-replay-plugin.ts: opencode's own heap, collector pace and runtime pages are the baseline, as in
// use; what the targets mean) and in fresh bare bun processes (bench/session-replay.ts: no opencode at all, so
// JSC's variables can take the plugin's cost apart). The medians' difference is what the plugin allocates and
// spends inside opencode's process. The CPU ratio puts the plugin's CPU over opencode's own for the session (the
// real runs' median without the plugin); opencode's own work on the `hud` calls (a tool call it handles) is not
// in it: the real pairs hold that.
// `bun session-inprocess.ts` runs it alone; SESSION_RECORDING=<file> reuses a recording (written there when
// absent), SESSION_REPLAYS the pairs (default 7), SESSION_REPLAY_IN `opencode`, `bare` or both (the default),
// SESSION_BUNDLES a comma-separated list of builds' server.js to compare (alternated), SESSION_CPU_WITHOUT
// opencode's CPU for the session without the plugin (ms), REPLAY_OPTIONS agent-hud's options as JSON (both places).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { FakeLlm } from "../e2e/harness/fake-llm.ts";
import { createProject, PLUGIN_DIR, startOpencode } from "../e2e/harness/opencode.ts";
import { openCodeSession } from "./session-opencode.ts";
import type { ReplayResult } from "./session-replay-core.ts";
import { bootstrapInterval } from "./bootstrap.ts";
import { CALLS, CPU_TARGET, median, met, mib, RSS_TARGET_MIB } from "./session-common.ts";

type Replay = ReplayResult;
type Where = "opencode" | "bare";

const BUNDLE = join(PLUGIN_DIR, "dist", "server.js");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

function checked(result: Replay): Replay {
  if (result.calls !== CALLS) throw new Error(`the recording holds ${result.calls} LLM calls, not ${CALLS}`);
  return result;
}

function replayBare(recording: string, mode: "with" | "without", bundle: string): Replay {
  const dir = mkdtempSync(join(tmpdir(), "hud-replay-"));
  try {
    const run = Bun.spawnSync(["bun", join(import.meta.dir, "session-replay.ts"), recording, mode, bundle, dir], {
      stderr: "pipe",
    });
    if (run.exitCode !== 0) throw new Error(`the replay failed: ${run.stderr.toString().slice(-2_000)}`);
    return checked(JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!) as Replay);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One replay inside a fresh `opencode serve`, started once opencode has settled (its start-up is not measured). */
async function replayInOpencode(recording: string, mode: "with" | "without", bundle: string): Promise<Replay> {
  const dir = mkdtempSync(join(tmpdir(), "hud-replay-"));
  const result = join(dir, "result.json");
  const llm = new FakeLlm().start();
  const pluginOptions = JSON.parse(process.env.REPLAY_OPTIONS ?? "{}") as Record<string, unknown>;
  const options = { recording, mode, bundle, dir, result, pluginOptions };
  const project = createProject({
    llmUrl: llm.url,
    plugins: [[join(import.meta.dir, "session-replay-plugin.ts"), options]],
  });
  try {
    const server = await startOpencode(project);
    try {
      // opencode starts a project's plugins on its first request for that folder
      await server.createSession();
      const deadline = Date.now() + 120_000;
      while (!existsSync(result)) {
        if (Date.now() > deadline) throw new Error("the replay inside opencode wrote no result in 120 s");
        await Bun.sleep(100);
      }
    } finally {
      await server.stop();
    }
    const written = JSON.parse(readFileSync(result, "utf8")) as Replay & { error?: string };
    if (written.error) throw new Error(`the replay inside opencode failed: ${written.error}`);
    return checked(written);
  } finally {
    llm.stop();
    project.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

const replay = (where: Where, recording: string, mode: "with" | "without", bundle: string) =>
  where === "bare" ? Promise.resolve(replayBare(recording, mode, bundle)) : replayInOpencode(recording, mode, bundle);

/** Plays `recording` back `pairs` times per build and without the plugin, alternated; prints the medians. */
export async function runInProcess(
  recording: string,
  pairs: number,
  cpuWithoutMs?: number,
  bundles = [BUNDLE],
  places: Where[] = ["opencode", "bare"],
): Promise<void> {
  for (const where of places) await runReplays(where, recording, pairs, cpuWithoutMs, bundles);
}

async function runReplays(
  where: Where,
  recording: string,
  pairs: number,
  cpuWithoutMs: number | undefined,
  bundles: string[],
): Promise<void> {
  console.log(
    `the plugin inside opencode's process, isolated: a recorded ${CALLS}-call session's hooks and hud calls replayed ` +
      (where === "bare" ? "in a bare bun process" : "inside a fresh `opencode serve` process") +
      `, with the bundle and without, ${pairs} alternated runs each (load ${load()})`,
  );
  const without: Replay[] = [];
  const withs: Replay[][] = bundles.map(() => []);
  for (let i = 0; i < pairs; i++) {
    if (i % 2) without.push(await replay(where, recording, "without", BUNDLE));
    for (const [b, bundle] of bundles.entries()) withs[b]!.push(await replay(where, recording, "with", bundle));
    if (i % 2 === 0) without.push(await replay(where, recording, "without", BUNDLE));
  }
  const med = (runs: Replay[], of: (r: Replay) => number) => median(runs.map(of));
  for (const [b, runs] of withs.entries()) {
    const delta = (of: (r: Replay) => number) => mib(med(runs, of) - med(without, of));
    // the medians' difference moves with the runs' spread (opencode's own peak by several MiB): its interval
    const interval = (of: (r: Replay) => number) => {
      const [low, high] = bootstrapInterval(without.map(of), runs.map(of), (w, x) => mib(x - w));
      return `95% interval ${low.toFixed(1)} to ${high.toFixed(1)}`;
    };
    const peak = delta((r) => r.peak);
    const after = delta((r) => r.after);
    const cpu = med(runs, (r) => r.cpuMs) - med(without, (r) => r.cpuMs);
    if (bundles.length > 1) console.log(`  ${bundles[b]}:`);
    console.log(
      `  peak RSS  ${peak.toFixed(1).padStart(6)} MiB  ${met(peak <= RSS_TARGET_MIB, `${(peak - RSS_TARGET_MIB).toFixed(1)} MiB over`)} ` +
        `(${interval((r) => r.peak)}; runs ${runs.map((r) => mib(r.peak).toFixed(0)).join(", ")} against ${without.map((r) => mib(r.peak).toFixed(0)).join(", ")} MiB)`,
    );
    console.log(
      `  RSS after ${after.toFixed(1).padStart(6)} MiB  ${met(after <= RSS_TARGET_MIB, `${(after - RSS_TARGET_MIB).toFixed(1)} MiB over`)} ` +
        `(${interval((r) => r.after)}; after a full collection ${delta((r) => r.afterCollection).toFixed(1)} MiB)`,
    );
    console.log(
      `    of it the import and start, before any call: ${delta((r) => r.started - r.beforeImport).toFixed(1)} MiB`,
    );
    console.log(
      `    of it the process's own (anonymous: heaps, JIT code and data, caches) ${delta((r) => r.anonymous).toFixed(1)} MiB, ` +
        `the runtime's binary paged in ${delta((r) => r.fileBacked).toFixed(1)} MiB (opencode's process has most of it in already)`,
    );
    console.log(
      `  held after a full collection: JS heap ${delta((r) => r.heapSize).toFixed(1)} MiB, ` +
        `outside it ${delta((r) => r.extraMemory).toFixed(1)} MiB, ${(med(runs, (r) => r.objects) - med(without, (r) => r.objects)).toFixed(0)} objects; ` +
        `most grown: ${runs
          .at(-1)!
          .grown.slice(0, 6)
          .map(([type, n]) => `${type} ${n}`)
          .join(", ")}`,
    );
    const ratio = cpuWithoutMs ? (cpuWithoutMs + cpu) / cpuWithoutMs : undefined;
    const [low, high] = bootstrapInterval(
      without.map((r) => r.cpuMs),
      runs.map((r) => r.cpuMs),
      (w, x) => x - w,
    );
    const cpuInterval = (lowMs: number, highMs: number) =>
      `95% interval ${lowMs.toFixed(0)} to ${highMs.toFixed(0)} ms` +
      (cpuWithoutMs
        ? `, ${((cpuWithoutMs + lowMs) / cpuWithoutMs).toFixed(3)}x to ${((cpuWithoutMs + highMs) / cpuWithoutMs).toFixed(3)}x`
        : "");
    console.log(
      `  CPU       ${cpu.toFixed(0).padStart(6)} ms   (${(cpu / CALLS).toFixed(2)} ms a call; ${cpuInterval(low, high)})` +
        (ratio
          ? `, over opencode's ${(cpuWithoutMs! / 1000).toFixed(1)} s for the session: ${ratio.toFixed(3)}x ${met(ratio <= CPU_TARGET, `${((ratio / CPU_TARGET - 1) * 100).toFixed(0)}% over`)}`
          : ""),
    );
  }
  console.log(`  load ${load()}`);
}

/** Records one session through opencode (the session bench's script) to `path`. */
export async function recordSession(path: string): Promise<void> {
  await openCodeSession("with", { record: path, bundle: BUNDLE });
}

if (import.meta.main) {
  ensureFreshBundle();
  const recording = process.env.SESSION_RECORDING ?? join(tmpdir(), `hud-session-${process.pid}.jsonl`);
  if (!existsSync(recording)) await recordSession(recording);
  const cpuWithout = process.env.SESSION_CPU_WITHOUT ? Number(process.env.SESSION_CPU_WITHOUT) : undefined;
  const places = process.env.SESSION_REPLAY_IN?.split(",") as Where[] | undefined;
  await runInProcess(
    recording,
    Number(process.env.SESSION_REPLAYS ?? 7),
    cpuWithout,
    process.env.SESSION_BUNDLES?.split(","),
    places,
  );
  if (!process.env.SESSION_RECORDING) rmSync(recording, { force: true });
}
