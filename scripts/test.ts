// Runs every package's typecheck and tests through turbo, then prints one closing line that sums bun test's
// per-package "N pass" / "N fail" counts, so a reader (or CI) sees the whole run's result at a glance.
//
// The e2e run is the longest task by far, and turbo starts every ready typecheck before any test: with two
// slots, e2e would wait for all of them. So, unless the run is filtered, the packages are built first, then
// two turbo runs go side by side: the e2e package's (its tests start at once, its typecheck beside them)
// and every other package's, one task at a time, on the CPU the e2e files leave idle.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { OLDEST_BUN_ENV, oldestBunDir } from "../e2e/harness/oldest-bun.ts";
import { PACKED_ENV, packWorkspace } from "../e2e/harness/packed.ts";

const args = Bun.argv.slice(2);
const common = ["--output-logs=new-only", "--log-order=grouped"];
const E2E = "@agent-hud/e2e";

let passed = 0;
let failed = 0;
let skipped = 0;
const decoder = new TextDecoder();

function count(line: string): void {
  const m = /^\S*:test:\s+(\d+) (pass|fail|skip)$/.exec(Bun.stripANSI(line).trim());
  if (!m) return;
  const n = Number(m[1]);
  if (m[2] === "pass") passed += n;
  else if (m[2] === "fail") failed += n;
  else skipped += n;
}

/** Every failing test's line, repeated above the closing line: a CI log that keeps only its tail still names them. */
const failures = new Set<string>();
/** The e2e run's last lines: its runner ends with each failed file's first error. */
const e2eTail: string[] = [];

/** Runs turbo with `turboArgs`, printing its output whole lines at a time (two runs share the terminal). */
async function turbo(turboArgs: string[], tail?: string[]): Promise<number> {
  const proc = Bun.spawn(["turbo", "run", ...turboArgs], { stdout: "pipe", stderr: "inherit", env: process.env });
  let buffered = "";
  for await (const chunk of proc.stdout) {
    buffered += decoder.decode(chunk, { stream: true });
    const cut = buffered.lastIndexOf("\n") + 1;
    if (cut === 0) continue;
    process.stdout.write(buffered.slice(0, cut));
    for (const line of buffered.slice(0, cut).split("\n")) {
      count(line);
      if (/\(fail\) /.test(line)) failures.add(Bun.stripANSI(line).trim());
      if (tail) {
        tail.push(line);
        if (tail.length > 80) tail.shift();
      }
    }
    buffered = buffered.slice(cut);
  }
  process.stdout.write(buffered);
  count(buffered);
  return proc.exited;
}

async function run(): Promise<number[]> {
  // a filtered run (`test:quick`, one package) is small: one turbo run, as turbo orders it
  if (args.some((a) => a.startsWith("--filter")))
    return [await turbo(["typecheck", "test", "--concurrency=2", ...common, ...args])];
  const built = await turbo(["build", ...common, ...args]);
  if (built !== 0) return [built];
  // the oldest Bun the e2e suite's smoke runs, installed here on first need: turbo passes a task only the
  // variables it declares, and npm reaches the registry with the machine's own (its CA settings among them)
  if (!process.env[OLDEST_BUN_ENV]) process.env[OLDEST_BUN_ENV] = join(oldestBunDir(), "bun");
  // packed here, from the build just made, before the two runs start: packed by the e2e run, the prepack
  // build would empty and rewrite dist/ while the other run's typecheck reads it
  if (!process.env[PACKED_ENV]) process.env[PACKED_ENV] = packed = packWorkspace({ build: false });
  return Promise.all([
    turbo(["typecheck", "test", "--only", `--filter=${E2E}`, "--concurrency=2", ...common, ...args], e2eTail),
    turbo(["typecheck", "test", "--only", `--filter=!${E2E}`, "--concurrency=1", ...common, ...args]),
  ]);
}

let packed: string | undefined;
const codes = await run();
if (packed) rmSync(packed, { recursive: true, force: true });
if (e2eTail.some((line) => line.includes("failed: ")))
  console.log(`\n── the e2e run's end, again\n${e2eTail.join("\n")}`);
if (failures.size > 0) console.log(`\nfailing tests:\n${[...failures].join("\n")}`);
const tail = skipped > 0 ? `, ${skipped} skipped` : "";
console.log(`\ntests: ${passed} passed, ${failed} failed${tail}`);
const code = codes.find((c) => c !== 0) ?? 0;
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
