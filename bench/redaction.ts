// Redaction benchmark: the privacy redactor on 10 KB of tool output of several kinds (p50/p99 per kind,
// and p99 over the ordinary kinds against the target), its cost at start and on first use in a fresh
// process, and the corpus (secret shapes missed, look-alikes redacted). `bun redaction.ts` runs it alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRedactor } from "@agent-hud/hud-plugin/internal";
import { fake, families, lookAlikes, secretCases } from "../packages/hud-plugin/test/privacy/corpus.ts";

const TARGET_P99_MS = 0.5;
const RUNS = 2_000;
const SIZE = 10 * 1024;
const ROOT = join(import.meta.dir, "..");
const HEX = "0123456789abcdef";

const tenKb = (text: string) => {
  let out = text;
  while (out.length < SIZE) out += `\n${text}`;
  return out.slice(0, SIZE);
};
const repoFile = (path: string) => readFileSync(join(ROOT, path), "utf8");
const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join("\n");

/** Ordinary tool output: what an agent reads and runs all day. */
const ORDINARY: Record<string, string> = {
  "source file (read)": tenKb(repoFile("packages/hud-plugin/src/recall/recall-index.ts")),
  "markdown (read)": tenKb(repoFile("packages/hud-plugin/README.md")),
  "lockfile (read)": tenKb(repoFile("bun.lock").slice(8_000)),
  "test run": tenKb(lines(200, (i) => `(pass) recall > search ${i} finds the line it indexed [${(i % 9) + 0.25}ms]`)),
  "git log": tenKb(
    lines(
      80,
      (i) =>
        `commit ${fake(40, HEX)}\nAuthor: Dev <dev@example.com>\nDate:   Mon Jan ${1 + (i % 28)} 2026\n\n    fix: item ${i}\n`,
    ),
  ),
  "ls -la": tenKb(
    lines(200, (i) => `-rw-r--r--  1 dev staff ${1_000 + i * 37} Jan ${1 + (i % 28)} 12:00 src/module-${i}.ts`),
  ),
  "json response": tenKb(
    JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({
        id: `${fake(8, HEX)}-${fake(4, HEX)}-4${fake(3, HEX)}-a${fake(3, HEX)}-${fake(12, HEX)}`,
        name: `item ${i}`,
        etag: fake(32, HEX),
        updated: "2026-01-01T00:00:00Z",
      })),
      null,
      2,
    ),
  ),
};
/** Outputs full of tokens: every line is work for the rule set. */
const DENSE: Record<string, string> = {
  ".env with a token every 5th line": tenKb(
    lines(200, (i) => (i % 5 ? `SETTING_${i}=value-${i}` : `GITHUB_TOKEN=ghp_${fake(36)}`)),
  ),
  "random ids on one line (worst case)": tenKb(
    JSON.stringify(Array.from({ length: 120 }, () => ({ id: `msg_${fake(26)}` }))),
  ),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number) => n.toFixed(3);

function time(redact: (text: string) => string, text: string): number[] {
  for (let i = 0; i < 50; i++) redact(text);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = Bun.nanoseconds();
    redact(text);
    samples.push((Bun.nanoseconds() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

export async function runRedactionBench(): Promise<void> {
  const probe = Bun.spawnSync(["bun", join(import.meta.dir, "redaction-probe.ts")], { stderr: "inherit" });
  const first = JSON.parse(probe.stdout.toString()) as Record<string, number | boolean>;
  console.log(
    `fresh process: import of the redactor ${fmt(first.importMs as number)} ms (the rule set not loaded); a text without a token ${fmt(first.plainMs as number)} ms (loads it: ${first.loadedByPlain}); the first text with one ${fmt(first.firstTokenMs as number)} ms (loads it: ${first.loaded})`,
  );

  // the text form without the cache of short texts: every run does the whole work
  const redactor = createRedactor({ redact: true });
  const redact = (text: string) => redactor.text(text);
  const all: number[] = [];
  console.log(`\nper 10 KB of tool output, n=${RUNS} each:`);
  for (const [name, text] of Object.entries(ORDINARY)) {
    const samples = time(redact, text);
    all.push(...samples);
    console.log(`  ${name.padEnd(38)} p50 ${fmt(percentile(samples, 50))} ms  p99 ${fmt(percentile(samples, 99))} ms`);
  }
  const p99 = percentile(
    all.sort((a, b) => a - b),
    99,
  );
  console.log(
    `  ${"all ordinary kinds".padEnd(38)} p50 ${fmt(percentile(all, 50))} ms  p99 ${fmt(p99)} ms  (target p99 <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "ok" : "MISSED"})`,
  );
  for (const [name, text] of Object.entries(DENSE)) {
    const samples = time(redact, text);
    console.log(`  ${name.padEnd(38)} p50 ${fmt(percentile(samples, 50))} ms  p99 ${fmt(percentile(samples, 99))} ms`);
  }
  // the person's patterns run on RE2 (linear time): two ordinary ones and one that backtracks exponentially elsewhere
  const patterned = createRedactor({ redact: true, patterns: ["ACME-[0-9]{6}", "corp-pw-[A-Za-z0-9]{12}", "(a+)+b"] });
  const withPatterns: number[] = [];
  for (const text of Object.values(ORDINARY)) withPatterns.push(...time((t) => patterned.text(t), text));
  withPatterns.sort((a, b) => a - b);
  console.log(
    `  ${"all ordinary kinds, 3 privacy.patterns".padEnd(38)} p50 ${fmt(percentile(withPatterns, 50))} ms  p99 ${fmt(percentile(withPatterns, 99))} ms`,
  );

  const cases = secretCases();
  const missed = cases.filter((c) => {
    const out = redactor.text(c.text);
    return c.secrets.some((s) => out.includes(s));
  });
  const alikes = lookAlikes();
  const changed = alikes.filter((item) => redactor.text(item.text) !== item.text);
  console.log(
    `\ncorpus families: ${families.map((f) => `${f.name} ${f.secrets.length}/${f.lookAlikes.length}`).join(", ")}`,
  );
  console.log(
    `corpus: ${cases.length} secret shapes, ${missed.length} missed; ${alikes.length} look-alikes, ${changed.length} redacted (false-positive rate ${((100 * changed.length) / alikes.length).toFixed(1)}%)`,
  );
}

if (import.meta.main) await runRedactionBench();
