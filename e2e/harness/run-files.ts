/**
 * Runs the e2e files in parallel workers: each job is one `bun test` process (a file, or a batch of files:
 * SHARED_HOST, CLAUDE_TOGETHER), taken from one queue by AGENT_HUD_E2E_WORKERS workers (default 2). Jobs
 * share only what the run makes once for them: the packed packages and the registry that publishes them.
 * Usage: bun harness/run-files.ts [bun test options] [--oldest] [files...]
 * No files: every e2e test file, then the smoke subset again on the oldest supported opencode, Claude Code,
 * Codex CLI and Gemini CLI, and the hook hosts' main files with the oldest supported Bun running their hooks,
 * all in one queue; --oldest: that subset only (with files: only those of it).
 * Each file's output is printed whole when it ends, so bun's "N pass" lines stay readable and countable.
 */
import { existsSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CLAUDE_BIN, CLAUDE_PLUGIN_ROOT } from "./claude.ts";
import { CODEX_BIN, CODEX_PLUGIN_ROOT } from "./codex.ts";
import { ensureFreshBundle } from "./fresh-build.ts";
import { GEMINI_BIN, GEMINI_EXTENSION_ROOT } from "./gemini.ts";
import { PACKED_ENV, packWorkspace } from "./packed.ts";
import { HOST_ENV, hostMode, OPENCODE_BIN } from "./opencode.ts";
import { oldestBunDir } from "./oldest-bun.ts";
import { LocalRegistry, REGISTRY_ENV } from "./registry.ts";
import { SHARED_HOST_ENV } from "./shared-host.ts";
import { BinaryWarmer } from "./warm-binaries.ts";

const E2E = new URL("..", import.meta.url).pathname;

/**
 * Files that install the packed packages. Packing runs the prepack build, which rewrites dist/ too, so it
 * happens once here, before any file starts, and these files share the tarballs (harness/packed.ts).
 */
const INSTALL_PACKED = [
  "test/packed-install.test.ts",
  "test/readme-install.test.ts",
  "test/readme-install-global.test.ts",
  "test/readme-library-install.test.ts",
  "test/readme-clone-install.test.ts",
  "test/claude-code/marketplace-install.test.ts",
  "test/codex/packed-install.test.ts",
];

/** Files that install from a registry: one is started and published for the run (harness/registry.ts). */
const FROM_REGISTRY = INSTALL_PACKED.filter(
  (file) => file !== "test/packed-install.test.ts" && file !== "test/codex/packed-install.test.ts",
);

/**
 * The smoke subsets run again on the oldest versions the plugin supports (e2e/oldest), with more time. On
 * opencode: the README's install for a project, the HUD in every request, the tool and its bad input, and the
 * components (run in the oldest binary's own Bun). Not the global install (readme-install-global: a second
 * way to the same entry) nor the clone install (its build needs no opencode, and the plugin listed by its
 * folder is how every other file here loads it): 11 CPU-s each.
 */
const OLDEST_OPENCODE = [
  "test/hud-every-request.test.ts",
  "test/hud-tool.test.ts",
  "test/bad-args.test.ts",
  "test/custom-components.test.ts",
  "test/readme-install.test.ts",
];
const OLDEST_CLAUDE = [
  "test/claude-code/hud-tool.test.ts",
  "test/claude-code/hud-every-call.test.ts",
  "test/claude-code/compaction.test.ts",
  "test/claude-code/marketplace-install.test.ts",
];
/** The mod's files on the oldest Claude Code that loads the mod (e2e/oldest-mod). */
const OLDEST_MOD = [
  "test/claude-code/mod-pane.test.ts",
  "test/claude-code/mod-compaction.test.ts",
  "test/claude-code/mod-ledger.test.ts",
];
/** One file each on the oldest Codex CLI and Gemini CLI: the main one (HUD at start, resume, compaction, ledger). */
const OLDEST_CODEX = ["test/codex/hud.test.ts"];
const OLDEST_GEMINI = ["test/gemini/hud.test.ts"];
/**
 * The pinned hosts' main files with the oldest Bun supported first on their PATH (harness/oldest-bun.ts): their
 * hooks (run in-process, then handed to the MCP server), MCP servers and tool run on it; the tests run on the
 * pinned Bun. 7.6, 6.0 and 12.7 CPU-s (Claude Code's two in one process, Codex's, Gemini's), 10, 8 and 14 s.
 * Bun 1.2.21's servers fail on a piped stdin (its file stream reads fd 0 at an offset: ESPIPE). 1.3.9 closes
 * no database that ran a `db.transaction()`: `close()` leaves the statements the transaction prepared, so SQLite
 * defers the close and never checkpoints the WAL (the data is read back from it, but Gemini's ledger test reads
 * the file). The oldest is 1.3.10.
 */
const OLDEST_BUN = [
  "test/claude-code/hud-every-call.test.ts",
  "test/claude-code/hud-tool.test.ts",
  "test/codex/hud.test.ts",
  "test/gemini/hud.test.ts",
];
const OLDEST_TIMEOUT = "180000";

/**
 * Files run on opencode as it comes (`stock`). Every other file runs it `lean` (harness/opencode.ts): its
 * snapshots off, as in any folder that is no git repository, and an empty model catalog, so that only the
 * config's fake provider exists. A step then costs about 40% less CPU (0.24 instead of 0.38 CPU-s) and a
 * project's first prompt about a third (reading the catalog was most of it: 0.4-0.7 CPU-s instead of
 * 1.0-2.3); nothing stands between a tool call and the next call, where timing bugs show first. These files
 * stay stock: the HUD in every request and the tool (a stock start and its steps), what a stranger installs
 * (the README's installs), on the pinned versions and on the oldest ones. The TUI's files run lean: a TUI's
 * start then costs 4.6 CPU-s instead of 6.6, and its first turn 1.4 instead of 5.5 (the main file's opencode
 * used 14.6 CPU-s instead of 26.8). The README's installs gained nothing lean (their CPU is the installs').
 * `custom-components` runs lean on the oldest opencode too, now that its assertions wait for the request that
 * shows the components (failing ones may reach their switch-off first): 3 of 3 runs passed, 5.0-5.7 CPU-s
 * instead of 9.9 stock.
 * `AGENT_HUD_E2E_HOST=stock` or `lean` runs every file so.
 */
const STOCK_HOST = [
  "test/hud-every-request.test.ts",
  "test/hud-tool.test.ts",
  "test/packed-install.test.ts",
  "test/readme-install.test.ts",
  "test/readme-install-global.test.ts",
  "test/readme-clone-install.test.ts",
];

/**
 * Files whose projects one opencode process serves (harness/shared-host.ts), in one `bun test` run: they test
 * neither a start, a restart nor a kill, and write nothing into the HOME they share. The sixteen took 57 CPU-s
 * in two batches instead of about 96 apart (one process's start per batch instead of one per file, and a warm
 * process's steps), and 47 in one (four of them: 19.3 instead of 28.5 in two, measured side by side); one
 * batch's wall time (86 s alone) still ends well before the run's. The last two joined later (the CLI's data
 * commands act on their own project's sessions; the limits leave the HOME as it is): the eighteen took 54
 * CPU-s and 91 s, the two 6.6 CPU-s together instead of 8.9 apart. Listed by their measured CPU, most first.
 */
const SHARED_HOST = [
  "test/untrusted-repo.test.ts",
  "test/cache.test.ts",
  "test/cache-ledger.test.ts",
  "test/agent-sandbox.test.ts",
  "test/compaction.test.ts",
  "test/tool-results.test.ts",
  "test/subagent.test.ts",
  "test/privacy.test.ts",
  "test/options.test.ts",
  "test/density.test.ts",
  "test/derived-state.test.ts",
  "test/bad-args.test.ts",
  "test/hud-compact.test.ts",
  "test/hud-cli.test.ts",
  "test/privacy-patterns.test.ts",
  "test/faults.test.ts",
  "test/data-commands.test.ts",
  "test/project-config-limits.test.ts",
];
const BATCHES = 2;

/**
 * The stock files that test neither a start nor write the HOME: one `bun test` process and one opencode, run as
 * it comes, for both; the second project's first prompt reads a catalog the process has loaded already. The two
 * took 14-16 CPU-s instead of 18-19. Not on the oldest opencode: it announces no instance's disposal (a shared
 * project's client waits for that when it stops) and its log lines carry no timestamp `linesFrom` reads.
 */
const STOCK_TOGETHER = ["test/hud-every-request.test.ts", "test/hud-tool.test.ts"];

/**
 * Claude Code files run in BATCHES `bun test` processes (each test still starts its own Claude Code): the
 * harness's imports, the fake Messages API's tokenizer among them (about 0.45 CPU-s), load once per batch. Eight
 * files took 21.5 CPU-s together instead of 25.1 apart; on the oldest versions, each version's three took 8.9
 * and 13.3 CPU-s instead of about 11 and 15. Not here: the longest file (a job of its own keeps the workers
 * even), the install from a registry, the pane in tmux.
 */
const CLAUDE_TOGETHER = [
  "test/claude-code/cache-ledger.test.ts",
  "test/claude-code/memory-file.test.ts",
  "test/claude-code/mod-compaction.test.ts",
  "test/claude-code/sessions.test.ts",
  "test/claude-code/faults.test.ts",
  "test/claude-code/cache.test.ts",
  "test/claude-code/component-files.test.ts",
  "test/claude-code/hud-tool.test.ts",
  "test/claude-code/person-view.test.ts",
  "test/claude-code/hud-every-call.test.ts",
  "test/claude-code/compaction.test.ts",
  "test/claude-code/mod-pane.test.ts",
  "test/claude-code/privacy.test.ts",
  "test/claude-code/harness.test.ts",
  "test/claude-code/mod-ledger.test.ts",
  "test/claude-code/plugin-validate.test.ts",
];

/** The host mode a job's projects get: the env's, else the file's (see STOCK_HOST). */
function host(file: string): Record<string, string> {
  const forced = Bun.env[HOST_ENV] === undefined ? undefined : hostMode();
  return { [HOST_ENV]: forced ?? (STOCK_HOST.includes(file) ? "stock" : "lean") };
}

/**
 * Measured slowest first (wall seconds in one full run of `bun run test` on a fresh clone, two workers: 51 s
 * down to 13 s), so that no worker is left alone with a long file at the end. Jobs are named by their label
 * (an oldest version's job by its label with the version). A job missing here only starts later; the list
 * affects balance, never what runs.
 */
const SLOW_FIRST = [
  "test/claude-code/bounded-copies.test.ts",
  "test/tui.test.ts",
  "test/project-memory.test.ts",
  "test/readme-install.test.ts",
  "test/readme-install-global.test.ts",
  "test/resume-live.test.ts",
  "test/recall.test.ts",
  "test/component-acceptance.test.ts",
  "test/readme-install.test.ts (oldest opencode)",
  "test/agent-components.test.ts",
  "test/restart.test.ts",
  "test/memory-file.test.ts",
  "test/custom-components.test.ts",
  "test/readme-clone-install.test.ts",
];

/** One `bun test` run: a file (or a batch of them), on the pinned binaries or (with `env`) on the oldest ones. */
type Job = { files: string[]; label: string; env: Record<string, string>; options: string[]; oldestBun?: true };
/** `cpu`: the seconds of CPU the file's process and every process it waited for (opencode, Claude Code) used. */
type Result = { file: string; code: number; seconds: number; cpu: number; output: string };

function workers(): number {
  const raw = Bun.env.AGENT_HUD_E2E_WORKERS ?? "2";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`AGENT_HUD_E2E_WORKERS must be a whole number >= 1, not ${raw}`);
  return n;
}

const warmer = new BinaryWarmer();

/** The host binary a job starts: Claude Code's, Gemini CLI's or Codex's for their files, opencode's for the others. */
function binaries(job: Job): string[] {
  if (job.files[0]!.startsWith("test/claude-code/")) return [job.env.AGENT_HUD_CLAUDE_BIN ?? CLAUDE_BIN];
  if (job.files[0]!.startsWith("test/gemini/")) return [job.env.AGENT_HUD_GEMINI_BIN ?? GEMINI_BIN];
  if (job.files[0]!.startsWith("test/codex/")) return [job.env.AGENT_HUD_CODEX_BIN ?? CODEX_BIN];
  return [job.env.AGENT_HUD_OPENCODE_BIN ?? OPENCODE_BIN];
}

/** The run's registry, started beside the first files; undefined when no file installs from one. */
let registry: Promise<LocalRegistry | Error> | undefined;

async function runFile(job: Job): Promise<Result> {
  const shared = job.files.some((file) => FROM_REGISTRY.includes(file)) ? await registry : undefined;
  if (shared instanceof Error) {
    const output = `the run's registry did not start: ${shared.message}\n`;
    process.stdout.write(`\n── ${job.label} (not run, exit 1)\n${output}`);
    return { file: job.label, code: 1, seconds: 0, cpu: 0, output };
  }
  const started = performance.now();
  // "./": a bare path is a filter to bun test, and would also run any file whose path contains it
  // the pinned Bun runs the tests, whatever PATH the job gives the hosts
  const proc = Bun.spawn([process.execPath, "test", ...job.options, ...job.files.map((file) => `./${file}`)], {
    cwd: E2E,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...job.env, ...(shared ? { [REGISTRY_ENV]: shared.url } : {}) },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = Number(proc.resourceUsage()?.cpuTime.total ?? 0n) / 1e6;
  const result = { file: job.label, code, seconds, cpu, output: `${out}${err}` };
  process.stdout.write(
    `\n── ${job.label} (${seconds.toFixed(1)} s, ${cpu.toFixed(1)} s CPU, exit ${code})\n${result.output}`,
  );
  return result;
}

async function pool(jobs: Job[], n: number): Promise<Result[]> {
  const queue = [...jobs];
  const results: Result[] = [];
  const worker = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      await warmer.before(binaries(job));
      if (queue[0]) warmer.ahead(binaries(queue[0]));
      results.push(await runFile(job));
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, jobs.length) }, worker));
  return results;
}

/** The lines that explain a file's first failing test (bun prints the error just above its "(fail)" line), and every "(fail)" line. */
function firstFailure(output: string): string {
  const lines = output.split("\n");
  const first = lines.findIndex((line) => line.startsWith("(fail)"));
  const why = first < 0 ? lines.slice(-30) : lines.slice(Math.max(0, first - 40), first);
  const fails = lines.filter((line) => line.startsWith("(fail)"));
  return [...why, ...fails].map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)).join("\n");
}

function allFiles(): string[] {
  const glob = new Bun.Glob("{test,v2-contract}/**/*.test.ts");
  return [...glob.scanSync({ cwd: E2E })].sort();
}

/** `options` with bun's --timeout replaced by `ms`. */
function withTimeout(options: string[], ms: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < options.length; i++) {
    if (options[i] === "--timeout") i++;
    else if (!options[i]!.startsWith("--timeout=")) out.push(options[i]!);
  }
  return [...out, "--timeout", ms];
}

function oldestJobs(options: string[]): Job[] {
  const bin = (folder: string, pkg: string, name: string) => {
    const path = resolve(E2E, folder, "node_modules/.bin", name);
    if (!existsSync(path)) throw new Error(`the oldest ${pkg} is not installed (${path}): run bun install`);
    return path;
  };
  const timed = withTimeout(options, OLDEST_TIMEOUT);
  const opencode = { AGENT_HUD_OPENCODE_BIN: bin("oldest", "opencode-ai", "opencode") };
  const claude = { AGENT_HUD_CLAUDE_BIN: bin("oldest", "@anthropic-ai/claude-code", "claude") };
  const mod = { AGENT_HUD_CLAUDE_BIN: bin("oldest-mod", "@anthropic-ai/claude-code", "claude") };
  const codex = { AGENT_HUD_CODEX_BIN: bin("oldest", "@openai/codex", "codex") };
  const gemini = { AGENT_HUD_GEMINI_BIN: bin("oldest", "@google/gemini-cli", "gemini") };
  const jobs = (files: string[], env: Record<string, string>, which: string) =>
    files.map((file) => ({
      files: [file],
      label: `${file} (${which})`,
      env: { ...env, ...host(file) },
      options: timed,
    }));
  // the Claude Code files batched on the pinned version share one test process here too (not the install)
  const together = (files: string[], env: Record<string, string>, which: string): Job[] => {
    const mine = files.filter((file) => CLAUDE_TOGETHER.includes(file));
    const label = `one test process for ${mine.length} files (${mine.join(", ")}) (${which})`;
    const batch =
      mine.length > 1
        ? [{ files: mine, label, env: { ...env, ...host(mine[0]!) }, options: timed }]
        : jobs(mine, env, which);
    return [
      ...batch,
      ...jobs(
        files.filter((file) => !mine.includes(file)),
        env,
        which,
      ),
    ];
  };
  return [
    ...jobs(OLDEST_OPENCODE, opencode, "oldest opencode"),
    ...together(OLDEST_CLAUDE, claude, "oldest Claude Code"),
    ...together(OLDEST_MOD, mod, "oldest Claude Code with the mod"),
    ...jobs(OLDEST_CODEX, codex, "oldest Codex CLI"),
    ...jobs(OLDEST_GEMINI, gemini, "oldest Gemini CLI"),
    ...together(OLDEST_BUN, {}, "oldest Bun").map((job) => ({ ...job, oldestBun: true as const })),
  ];
}

const args = Bun.argv.slice(2);
const oldestOnly = args.includes("--oldest");
const named = args
  .filter((a) => a.endsWith(".ts"))
  .map((a) => relative(E2E, new URL(a, `file://${process.cwd()}/`).pathname));
const options = args.filter((a) => !a.endsWith(".ts") && a !== "--oldest");
/** Each file a job of its own, but those in CLAUDE_TOGETHER (dealt into BATCHES jobs), SHARED_HOST and STOCK_TOGETHER (one job each). */
function pinned(files: string[]): Job[] {
  const jobs = files
    .filter((file) => ![...SHARED_HOST, ...STOCK_TOGETHER, ...CLAUDE_TOGETHER].includes(file))
    .map((file) => ({ files: [file], label: file, env: host(file), options }));
  const deal = (list: string[], env: Record<string, string>, what: string, batches = BATCHES) => {
    const batched = files.filter((file) => list.includes(file));
    const n = Math.min(batches, batched.length);
    for (let b = 0; b < n; b++) {
      const mine = batched.filter((_, i) => i % n === b);
      const label = `${what} for ${mine.length} files (${mine.join(", ")})`;
      jobs.push({ files: mine, label, env: { ...host(mine[0]!), ...env }, options });
    }
  };
  // one host for the batch: lean unless the run forces one
  deal(SHARED_HOST, { [SHARED_HOST_ENV]: "1" }, "one opencode", 1);
  // stock: host() reads STOCK_HOST, as for these files alone
  deal(STOCK_TOGETHER, { [SHARED_HOST_ENV]: "1" }, "one stock opencode", 1);
  deal(CLAUDE_TOGETHER, {}, "one test process");
  return jobs;
}
const jobs = oldestOnly
  ? oldestJobs(options).filter((job) => named.length === 0 || job.files.some((file) => named.includes(file)))
  : named.length > 0
    ? pinned(named)
    : [...pinned(allFiles()), ...oldestJobs(options)];
// a glob that matched nothing would pass as "0 failed"
if (jobs.length === 0) throw new Error(`no e2e test files found under ${E2E}`);
// found (or installed) once, before any worker starts
if (jobs.some((job) => job.oldestBun)) {
  const PATH = `${oldestBunDir()}:${process.env.PATH ?? "/usr/bin:/bin"}`;
  for (const job of jobs) if (job.oldestBun) job.env = { ...job.env, PATH };
}
const rank = (j: Job) =>
  j.files.length > 1 ? 0 : SLOW_FIRST.includes(j.label) ? SLOW_FIRST.indexOf(j.label) : SLOW_FIRST.length;
const queue = jobs.sort((a, b) => rank(a) - rank(b));

const started = performance.now();
// packed before any file starts (the prepack build rewrites dist/), then shared by the files installing it
const runs = (list: string[]) => jobs.some((j) => j.files.some((file) => list.includes(file)));
const packed = runs(INSTALL_PACKED) && !Bun.env[PACKED_ENV] ? packWorkspace() : undefined;
if (packed) process.env[PACKED_ENV] = packed;
// built once here: a stale bundle rebuilt by several workers' preloads at once would race
ensureFreshBundle();
ensureFreshBundle({ bundle: join(CLAUDE_PLUGIN_ROOT, "scripts", "hook.js") });
ensureFreshBundle({ bundle: join(GEMINI_EXTENSION_ROOT, "scripts", "hook.js") });
ensureFreshBundle({ bundle: join(CODEX_PLUGIN_ROOT, "scripts", "hook.js") });
// published from the packed tarballs while the first files run; a file that needs it waits for it
if (runs(FROM_REGISTRY) && !Bun.env[REGISTRY_ENV])
  registry = (async () => {
    const started = new LocalRegistry();
    try {
      await started.start();
      await started.publishWorkspace();
      return started;
    } catch (e) {
      await started.stop();
      return e instanceof Error ? e : new Error(String(e));
    }
  })();
const results = await pool(queue, workers());
const ready = await registry;
const registryCpu = ready instanceof LocalRegistry ? await ready.stop() : 0;
if (packed) rmSync(packed, { recursive: true, force: true });
const failed = results.filter((r) => r.code !== 0);
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
console.log(
  `\ne2e: ${queue.reduce((sum, j) => sum + j.files.length, 0)} files in ${results.length} jobs, ${failed.length} failed, ${workers()} workers, ${((performance.now() - started) / 1000).toFixed(1)} s wall` +
    `, ${results.reduce((sum, r) => sum + r.cpu, 0).toFixed(0)} s CPU in the files` +
    (registry ? `, ${registryCpu.toFixed(0)} s in the shared registry` : "") +
    `; slowest: ${slowest.map((r) => `${r.file} ${r.seconds.toFixed(0)} s`).join(", ")}`,
);
// repeated at the end, where a CI log that keeps only its tail still shows why
for (const r of failed) console.log(`failed: ${r.file}\n${firstFailure(r.output)}`);
process.exit(failed.length > 0 ? 1 : 0);
