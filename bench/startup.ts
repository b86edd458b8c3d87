// Start-up benchmark: what the plugin adds to a short opencode session. Prints the bundle's files and
// sizes; the bundle's own cost phase by phase in a fresh bun process (import, server(), the first LLM
// call's hooks, the memory they leave); and `opencode run "hello"` (the real binary, the scripted fake LLM)
// without a plugin, with an empty plugin and with agent-hud, alternated, medians of wall time, of the
// plugin-loading phase and of peak RSS. The empty plugin separates what opencode spends on loading any
// plugin from agent-hud's own share.
// Targets (printed, never asserted): wall <= 1.02x, peak RSS <= +25 MiB, start path (import + server() +
// first call) <= 50 ms. `bun startup.ts` runs it alone; STARTUP_RUNS sets the runs per variant (default 7);
// STARTUP_BUNDLE measures another bundle (e.g. one built from an older commit) instead of
// packages/hud-plugin/dist; STARTUP_OPENCODE=0 stops after the in-process phases.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { filesLoadedAtStart } from "../e2e/harness/bundle.ts";
import { FakeLlm } from "../e2e/harness/fake-llm.ts";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { createProject, OPENCODE_BIN, type Project } from "../e2e/harness/opencode.ts";
import { tailHud } from "../e2e/harness/requests.ts";
import { bootstrapInterval } from "./bootstrap.ts";
import { median, mib } from "./session-common.ts";

const WALL_TARGET = 1.02;
const RSS_TARGET_MIB = 25;
const START_PATH_TARGET_MS = 50;
/** opencode's own log lines around its config and plugin loading (`--print-logs`). */
const LOAD_PHASE = ["creating instance", "all LSPs are disabled"] as const;
const EMPTY_PLUGIN = 'export default { id: "empty", server: async () => ({}) };\n';

/** The bundle's files, and which of them opencode loads at start (the entry and its static imports). */
function bundleFiles(dist: string, entry: string): void {
  const atStart = new Set(filesLoadedAtStart(dist, entry));
  let total = 0;
  let loaded = 0;
  for (const name of readdirSync(dist).sort()) {
    const stat = statSync(join(dist, name));
    if (!stat.isFile()) continue;
    total += stat.size;
    if (atStart.has(name)) loaded += stat.size;
    const note = atStart.has(name) ? "  loaded at start" : "";
    console.log(`  ${name.padEnd(28)} ${(stat.size / 1024).toFixed(0).padStart(6)} KiB${note}`);
  }
  console.log(`  total ${(total / 1024).toFixed(0)} KiB, ${(loaded / 1024).toFixed(0)} KiB of it loaded at start`);
}

const PHASES = ["import", "server", "firstCall", "afterCall", "dispose"] as const;
type Phase = (typeof PHASES)[number];
/** The start path: what opencode waits for between loading the plugin and the first request leaving. */
const START_PATH = ["import", "server", "firstCall"] as const satisfies readonly Phase[];

type ProbeResult = {
  /** wall and CPU (this process, user + system) ms per phase */
  ms: Record<Phase, number>;
  cpuMs: Record<Phase, number>;
  rssGrowth: number;
};
type ProbeMedians = {
  wall: Record<Phase | "startPath", number>;
  cpu: Record<Phase | "startPath", number>;
  rssGrowth: number;
};

/** The bundle's own cost in fresh bun processes (startup-probe.ts), medians per phase, wall and CPU. */
function probeBundle(entry: string, runs: number): ProbeMedians {
  const dir = mkdtempSync(join(tmpdir(), "agent-hud-probe-"));
  try {
    const results: ProbeResult[] = [];
    // the first run creates the databases, as a first start would; later runs open them, as every other does
    for (let i = 0; i <= runs; i++) {
      const run = Bun.spawnSync(["bun", join(import.meta.dir, "startup-probe.ts"), entry, dir], { stderr: "pipe" });
      if (run.exitCode !== 0) throw new Error(`startup probe failed: ${run.stderr.toString().trim()}`);
      if (i > 0) results.push(JSON.parse(run.stdout.toString()) as ProbeResult);
    }
    const medians = (of: (r: ProbeResult) => Record<Phase, number>) => {
      const out = {} as Record<Phase | "startPath", number>;
      for (const phase of PHASES) out[phase] = median(results.map((r) => of(r)[phase]));
      // the median of each run's sum, not the sum of medians
      out.startPath = median(results.map((r) => START_PATH.reduce((sum, phase) => sum + of(r)[phase], 0)));
      return out;
    };
    return {
      wall: medians((r) => r.ms),
      cpu: medians((r) => r.cpuMs),
      rssGrowth: median(results.map((r) => r.rssGrowth)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const LABELS: Record<Phase | "startPath", string> = {
  startPath: "start path (import + server() + first call)",
  import: "  import",
  server: "  server()",
  firstCall: "  first LLM call's hooks",
  afterCall: "work queued after the call",
  dispose: "dispose",
};

/** The probe's medians part by part, with the load average the machine had around them. */
function printProbe(probe: ProbeMedians, runs: number, load: [number, number]): void {
  console.log(
    `in a fresh bun process, medians of ${runs} (load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after; ` +
      `CPU is the process's user + system time, the steadier figure on a shared machine):`,
  );
  console.log(`  ${"".padEnd(44)} ${"wall ms".padStart(8)} ${"CPU ms".padStart(8)}`);
  for (const key of ["startPath", ...PHASES] as const) {
    const target = key === "startPath" ? `  target <= ${START_PATH_TARGET_MS} ms` : "";
    console.log(
      `  ${LABELS[key].padEnd(44)} ${probe.wall[key].toFixed(1).padStart(8)} ${probe.cpu[key].toFixed(1).padStart(8)}${target}`,
    );
  }
  console.log(`  RSS growth through the first call ${mib(probe.rssGrowth).toFixed(1)} MiB`);
}

const HAS_TIME = existsSync("/usr/bin/time");

type Sample = { wall: number; rss: number; load: number };

/** One `opencode run "hello"`: wall ms, peak RSS bytes (GNU time where present, else Bun's rusage), load phase ms. */
async function runHello(project: Project): Promise<Sample> {
  const report = join(project.root, "time.txt");
  const cmd = [OPENCODE_BIN, "run", "--print-logs", "--log-level", "INFO", "hello"];
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
    ? Number(readFileSync(report, "utf8").trim().split("\n").at(-1)) * 1024
    : proc.resourceUsage()!.maxRSS * 1024;
  const at = (needle: string) => {
    const line = stderr.split("\n").find((l) => l.includes(needle));
    return Date.parse(line?.match(/timestamp=(\S+)/)?.[1] ?? "");
  };
  return { wall, rss, load: at(LOAD_PHASE[1]) - at(LOAD_PHASE[0]) };
}

const VARIANTS = ["none", "empty", "agent-hud"] as const;
type Variant = (typeof VARIANTS)[number];

export async function runStartupBench(): Promise<void> {
  const runs = Number(process.env.STARTUP_RUNS ?? 7);
  const dist = process.env.STARTUP_BUNDLE
    ? resolve(process.env.STARTUP_BUNDLE)
    : (ensureFreshBundle(), resolve(import.meta.dir, "../packages/hud-plugin/dist"));
  const entry = join(dist, "server.js");
  console.log(`bundle ${dist}`);
  bundleFiles(dist, "server.js");

  const loadBefore = loadavg()[0]!;
  const probe = probeBundle(entry, runs);
  printProbe(probe, runs, [loadBefore, loadavg()[0]!]);
  if (process.env.STARTUP_OPENCODE === "0") return;

  const llm = new FakeLlm({ defaultText: "hi" }).start();
  const pluginDir = mkdtempSync(join(tmpdir(), "agent-hud-empty-plugin-"));
  writeFileSync(join(pluginDir, "empty.js"), EMPTY_PLUGIN);
  const projects: Record<Variant, Project> = {
    none: createProject({ llmUrl: llm.url }),
    empty: createProject({ llmUrl: llm.url, plugins: [join(pluginDir, "empty.js")] }),
    "agent-hud": createProject({ llmUrl: llm.url, plugins: [entry] }),
  };
  try {
    // one warm-up each (disk cache, first-run migrations), then alternated so drift hits every variant alike
    for (const variant of VARIANTS) {
      const before = llm.agentRequests().length;
      await runHello(projects[variant]);
      const hud = llm
        .agentRequests()
        .slice(before)
        .some((r) => tailHud(r) !== undefined);
      if (hud !== (variant === "agent-hud"))
        throw new Error(`HUD ${hud ? "present" : "missing"} with ${variant}: the bench would measure the wrong thing`);
    }
    const samples: Record<Variant, Sample[]> = { none: [], empty: [], "agent-hud": [] };
    for (let i = 0; i < runs; i++)
      for (const variant of VARIANTS) samples[variant].push(await runHello(projects[variant]));
    const stat = (variant: Variant, key: keyof Sample) => median(samples[variant].map((s) => s[key]));
    const max = (variant: Variant) => Math.max(...samples[variant].map((s) => s.rss));
    console.log(`opencode run "hello", medians of ${runs} alternated runs per variant:`);
    console.log(
      `  ${"".padEnd(10)} ${"wall ms".padStart(8)} ${"load ms".padStart(8)} ${"RSS MiB".padStart(8)} ${"max RSS".padStart(8)}`,
    );
    for (const variant of VARIANTS)
      console.log(
        `  ${variant.padEnd(10)} ${stat(variant, "wall").toFixed(0).padStart(8)} ${stat(variant, "load").toFixed(0).padStart(8)} ` +
          `${mib(stat(variant, "rss")).toFixed(0).padStart(8)} ${mib(max(variant)).toFixed(0).padStart(8)}`,
      );
    const ratio = (a: Variant, b: Variant) => {
      // how far the printed ratio can be trusted: one `opencode run` varies by several hundred ms
      const [low, high] = bootstrapInterval(
        samples[b].map((s) => s.wall),
        samples[a].map((s) => s.wall),
        (mb, ma) => ma / mb,
      );
      return `${(stat(a, "wall") / stat(b, "wall")).toFixed(3)}x (95% interval ${low.toFixed(2)}-${high.toFixed(2)})`;
    };
    console.log(`  wall: agent-hud / none ${ratio("agent-hud", "none")}, target <= ${WALL_TARGET}x`);
    console.log(`        empty / none ${ratio("empty", "none")}: opencode loading any plugin`);
    console.log(`        agent-hud / empty ${ratio("agent-hud", "empty")}: agent-hud's own share`);
    console.log(
      `  load phase ("${LOAD_PHASE[0]}" to "${LOAD_PHASE[1]}"): agent-hud ${(stat("agent-hud", "load") - stat("none", "load")).toFixed(0)} ms ` +
        `over none, ${(stat("agent-hud", "load") - stat("empty", "load")).toFixed(0)} ms over empty`,
    );
    const delta = (f: (v: Variant) => number) => mib(f("agent-hud") - f("none")).toFixed(1);
    console.log(
      `  peak RSS: agent-hud - none ${delta((v) => stat(v, "rss"))} MiB by medians, ${delta(max)} MiB by maxima ` +
        `(target <= +${RSS_TARGET_MIB} MiB); opencode's own peak varies by ~90 MiB from run to run (when its GC runs)`,
    );
  } finally {
    llm.stop();
    for (const project of Object.values(projects)) project.cleanup();
    rmSync(pluginDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runStartupBench();
