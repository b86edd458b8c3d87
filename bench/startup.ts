// Start-up benchmark: what the plugin adds to a short opencode session. Prints the bundle's files and
// sizes, the time to import the bundle in a fresh process, and `opencode run "hello"` (the real binary,
// the scripted fake LLM) with and without the plugin: alternated runs, medians of wall time and peak RSS.
// Targets (printed, never asserted): wall <= 1.02x, peak RSS <= +25 MiB, import <= 50 ms.
// `bun startup.ts` runs it alone; STARTUP_RUNS sets the runs per side (default 5); STARTUP_BUNDLE measures
// another bundle (e.g. one built from an older commit) instead of packages/hud-plugin/dist.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { FakeLlm } from "../e2e/harness/fake-llm.ts";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { createProject, OPENCODE_BIN, type Project } from "../e2e/harness/opencode.ts";
import { tailHud } from "../e2e/harness/requests.ts";

const WALL_TARGET = 1.02;
const RSS_TARGET_MIB = 25;
const IMPORT_TARGET_MS = 50;
/** Node built-ins opencode has loaded before any plugin: the bundle's own import cost excludes them. */
const HOST_BUILTINS = ["node:fs", "node:path", "node:os", "node:crypto", "node:stream", "bun:sqlite"];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const mib = (bytes: number) => bytes / 2 ** 20;

function bundleFiles(dist: string): void {
  let total = 0;
  for (const name of readdirSync(dist).sort()) {
    const size = statSync(join(dist, name)).size;
    total += size;
    console.log(`  ${name.padEnd(28)} ${(size / 1024).toFixed(0).padStart(6)} KiB`);
  }
  console.log(`  ${"total".padEnd(28)} ${(total / 1024).toFixed(0).padStart(6)} KiB`);
}

/** Import time of the bundle in fresh bun processes (median), cold and with the host's built-ins loaded. */
async function importTime(entry: string, runs: number): Promise<{ cold: number; warm: number; rss: number }> {
  const probe = (preload: readonly string[]) =>
    `${preload.map((m) => `await import(${JSON.stringify(m)});`).join("")}` +
    `const t = Bun.nanoseconds(); await import(${JSON.stringify(entry)});` +
    `console.log((Bun.nanoseconds() - t) / 1e6, process.memoryUsage().rss);`;
  const cold: number[] = [];
  const warm: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [preload, into] of [
      [[], cold],
      [HOST_BUILTINS, warm],
    ] as const) {
      const out = Bun.spawnSync(["bun", "-e", probe(preload)], { stderr: "inherit" })
        .stdout.toString()
        .trim();
      const [ms, bytes] = out.split(" ").map(Number);
      into.push(ms!);
      if (preload.length) rss.push(bytes!);
    }
  }
  return { cold: median(cold), warm: median(warm), rss: median(rss) };
}

const HAS_TIME = existsSync("/usr/bin/time");

/** One `opencode run "hello"`: wall ms and peak RSS bytes (GNU time where present, else Bun's rusage). */
async function runHello(project: Project): Promise<{ wall: number; rss: number }> {
  const report = join(project.root, "time.txt");
  const cmd = [OPENCODE_BIN, "run", "hello"];
  const start = Bun.nanoseconds();
  const proc = Bun.spawn(HAS_TIME ? ["/usr/bin/time", "-f", "%M", "-o", report, ...cmd] : cmd, {
    cwd: project.dir,
    env: { ...project.env, PWD: project.dir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([proc.exited, proc.stdout.text(), proc.stderr.text()]);
  const wall = (Bun.nanoseconds() - start) / 1e6;
  if (code !== 0) throw new Error(`opencode run failed (${code}): ${stderr.trim() || stdout.trim()}`);
  const rss = HAS_TIME
    ? Number((await Bun.file(report).text()).trim().split("\n").at(-1)) * 1024
    : proc.resourceUsage()!.maxRSS * 1024;
  return { wall, rss };
}

export async function runStartupBench(): Promise<void> {
  const runs = Number(process.env.STARTUP_RUNS ?? 5);
  const dist = process.env.STARTUP_BUNDLE
    ? resolve(process.env.STARTUP_BUNDLE)
    : (ensureFreshBundle(), resolve(import.meta.dir, "../packages/hud-plugin/dist"));
  const entry = join(dist, "server.js");
  console.log(`bundle ${dist}`);
  bundleFiles(dist);

  const imp = await importTime(entry, runs);
  console.log(
    `import: ${imp.warm.toFixed(1)} ms with the host's built-ins loaded (target <= ${IMPORT_TARGET_MS} ms), ` +
      `${imp.cold.toFixed(1)} ms cold; process RSS after import ${mib(imp.rss).toFixed(0)} MiB`,
  );

  const llm = new FakeLlm({ defaultText: "hi" }).start();
  const without = createProject({ llmUrl: llm.url });
  const withPlugin = createProject({ llmUrl: llm.url, plugins: [entry] });
  try {
    const samples: Record<"without" | "with", Array<{ wall: number; rss: number }>> = { without: [], with: [] };
    // one warm-up each (disk cache, first-run migrations), then alternated so drift hits both sides alike
    await runHello(without);
    const before = llm.agentRequests().length;
    await runHello(withPlugin);
    const hud = llm
      .agentRequests()
      .slice(before)
      .some((r) => tailHud(r) !== undefined);
    if (!hud) throw new Error("the plugin's HUD is not in the with-plugin request: the bench would measure nothing");
    for (let i = 0; i < runs; i++) {
      samples.without.push(await runHello(without));
      samples.with.push(await runHello(withPlugin));
    }
    const wall = { without: median(samples.without.map((s) => s.wall)), with: median(samples.with.map((s) => s.wall)) };
    const rss = { without: median(samples.without.map((s) => s.rss)), with: median(samples.with.map((s) => s.rss)) };
    console.log(`opencode run "hello", medians of ${runs} alternated runs per side (HUD present: ${hud}):`);
    console.log(
      `  wall  without ${wall.without.toFixed(0)} ms  with ${wall.with.toFixed(0)} ms  ` +
        `ratio ${(wall.with / wall.without).toFixed(3)}x (target <= ${WALL_TARGET}x)`,
    );
    console.log(
      `  peak RSS  without ${mib(rss.without).toFixed(0)} MiB  with ${mib(rss.with).toFixed(0)} MiB  ` +
        `delta ${(mib(rss.with) - mib(rss.without)).toFixed(1)} MiB (target <= +${RSS_TARGET_MIB} MiB)`,
    );
  } finally {
    llm.stop();
    without.cleanup();
    withPlugin.cleanup();
  }
}

if (import.meta.main) await runStartupBench();
