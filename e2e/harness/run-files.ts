/**
 * Runs the e2e files in parallel workers: each file is its own `bun test` process (its own opencode servers,
 * fake LLM, ports and temp HOME, so files share nothing), taken from one queue by AGENT_HUD_E2E_WORKERS
 * workers (default 2). Files that rebuild the plugin's dist/ run after the others, one at a time.
 * Usage: bun harness/run-files.ts [bun test options] [files...]   (no files: every e2e test file)
 * Each file's output is printed whole when it ends, so bun's "N pass" lines stay readable and countable.
 */
import { join, relative } from "node:path";
import { CLAUDE_PLUGIN_ROOT } from "./claude.ts";
import { ensureFreshBundle } from "./fresh-build.ts";

const E2E = new URL("..", import.meta.url).pathname;

/**
 * `bun pm pack` runs the packages' prepack build, which deletes and rewrites dist/ — the bundle every other
 * file's opencode loads. These files run alone, after the parallel ones.
 */
const SERIAL = [
  "test/packed-install.test.ts",
  "test/readme-install.test.ts",
  "test/claude-code/marketplace-install.test.ts",
];

/**
 * Measured slowest first (one full run in two workers on a busy 2-core machine: 315 s down to 108 s), so that
 * no worker is left alone with a long file at the end. A file missing here only starts later; the list
 * affects balance, never what runs.
 */
const SLOW_FIRST = [
  "test/claude-code/memory-file.test.ts",
  "test/claude-code/bounded-copies.test.ts",
  "test/untrusted-repo.test.ts",
  "test/project-memory.test.ts",
  "test/resume-live.test.ts",
  "test/tui.test.ts",
  "test/cache.test.ts",
  "test/tui-narrow.test.ts",
  "test/memory-file.test.ts",
  "test/recall.test.ts",
  "test/restart.test.ts",
  "test/tui-person-config.test.ts",
];

type Result = { file: string; code: number; seconds: number; output: string };

function workers(): number {
  const raw = Bun.env.AGENT_HUD_E2E_WORKERS ?? "2";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`AGENT_HUD_E2E_WORKERS must be a whole number >= 1, not ${raw}`);
  return n;
}

async function runFile(file: string, options: string[]): Promise<Result> {
  const started = performance.now();
  const proc = Bun.spawn(["bun", "test", ...options, file], {
    cwd: E2E,
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const result = { file, code, seconds, output: `${out}${err}` };
  process.stdout.write(`\n── ${file} (${seconds.toFixed(1)} s, exit ${code})\n${result.output}`);
  return result;
}

async function pool(files: string[], n: number, options: string[]): Promise<Result[]> {
  const queue = [...files];
  const results: Result[] = [];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) results.push(await runFile(file, options));
  };
  await Promise.all(Array.from({ length: Math.min(n, files.length) }, worker));
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

const args = Bun.argv.slice(2);
const named = args
  .filter((a) => a.endsWith(".ts"))
  .map((a) => relative(E2E, new URL(a, `file://${process.cwd()}/`).pathname));
const options = args.filter((a) => !a.endsWith(".ts"));
const files = named.length > 0 ? named : allFiles();
// a glob that matched nothing would pass as "0 failed"
if (files.length === 0) throw new Error(`no e2e test files found under ${E2E}`);
const rank = (f: string) => (SLOW_FIRST.includes(f) ? SLOW_FIRST.indexOf(f) : SLOW_FIRST.length);
const parallel = files.filter((f) => !SERIAL.includes(f)).sort((a, b) => rank(a) - rank(b));
const serial = files.filter((f) => SERIAL.includes(f));

const started = performance.now();
// built once here: a stale bundle rebuilt by several workers' preloads at once would race
ensureFreshBundle();
ensureFreshBundle({ bundle: join(CLAUDE_PLUGIN_ROOT, "scripts", "hook.js") });
const results = [...(await pool(parallel, workers(), options)), ...(await pool(serial, 1, options))];
const failed = results.filter((r) => r.code !== 0);
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
console.log(
  `\ne2e: ${results.length} files, ${failed.length} failed, ${workers()} workers, ${((performance.now() - started) / 1000).toFixed(1)} s wall` +
    `; slowest: ${slowest.map((r) => `${r.file} ${r.seconds.toFixed(0)} s`).join(", ")}`,
);
// repeated at the end, where a CI log that keeps only its tail still shows why
for (const r of failed) console.log(`failed: ${r.file}\n${firstFailure(r.output)}`);
process.exit(failed.length > 0 ? 1 : 0);
