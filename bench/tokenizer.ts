// Token counting: what each candidate costs (memory and CPU to load, in a fresh process; time per count)
// and how far its counts are from o200k's and from a Claude tokenizer's on HUD-like text (the example and
// reference states rendered at every density, within their budgets and uncut; README and docs prose; source
// code). "over" is the largest real/counted ratio minus one: how far past its budget a HUD fitted with that
// count can go in the model's tokens. Then the plugin itself: RSS and CPU of a process that renders a HUD
// past a quarter of its budget, with the default count and with `tokenizer: "o200k"`.
// `bun tokenizer.ts` runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sample } from "../packages/hud-components/test/support/token-corpus.ts";

// every import that loads a tokenizer is dynamic: a child process measures its one candidate alone
const corpusModule = () => import("../packages/hud-components/test/support/token-corpus.ts");

type Count = (text: string) => number;

/** Each candidate's loader, run in a child process so its import and table are measured alone. */
const candidates: Record<string, () => Promise<Count>> = {
  // the tokenize modules themselves, not the package's entry (which loads every component too)
  "estimate (default: tokenx×1.2 + floor)": async () =>
    (await import("../packages/hud-components/src/tokenize/estimate.ts")).estimateTokenizer.count,
  "tokenx alone": async () => {
    const { estimateTokenCount } = await import("tokenx");
    return (t) => estimateTokenCount(t);
  },
  "chars/4": async () => (await import("../packages/hud-components/src/tokenize/tokenizer.ts")).charsTokenizer.count,
  "utf8 bytes (a proven bound)": async () =>
    (await import("../packages/hud-components/src/tokenize/bound.ts")).utf8BoundTokenizer.count,
  "cl100k (a lighter BPE)": async () => {
    // gpt-tokenizer is hud-components' dependency: resolved from there
    const from = join(import.meta.dir, "../packages/hud-components/package.json");
    const { countTokens } = (await import(Bun.resolveSync("gpt-tokenizer/encoding/cl100k_base", from))) as {
      countTokens: (text: string, options: object) => number;
    };
    return (t) => countTokens(t, { disallowedSpecial: new Set() });
  },
  "o200k (exact for GPT-4o)": async () =>
    (await import("../packages/hud-components/src/tokenize/o200k.ts")).bpeTokenizer.count,
  "Claude (@anthropic-ai/tokenizer)": async () => (await corpusModule()).claudeCounter(),
};

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** In the child: load one candidate, count one HUD, report what that cost; then the time per count. */
async function child(name: string): Promise<void> {
  const corpus = JSON.parse(process.env["TOKENIZER_BENCH_HUDS"]!) as string[];
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const count = await candidates[name]!();
  count(corpus[0]!);
  const cpu = process.cpuUsage(cpu0);
  const rss = process.memoryUsage().rss - rss0;
  const t0 = performance.now();
  let n = 0;
  for (let i = 0; i < 50; i++) for (const text of corpus) (count(text), n++);
  const perKb = (performance.now() - t0) / (corpus.join("").length / 1024) / 50;
  console.log(JSON.stringify({ rss, cpuMs: (cpu.user + cpu.system) / 1000, perKbMs: perKb, n }));
}

/** In the child: the plugin renders a HUD past a quarter of its budget, as a host process would. */
async function pluginChild(tokenizer: string): Promise<void> {
  const cpu0 = process.cpuUsage();
  const { openHud, hudTool } = await import("@agent-hud/hud-plugin/internal");
  const opened = openHud({ directory: process.cwd(), worktree: process.cwd(), options: { tokenizer } })!;
  const sessionID = "ses_bench_tokens";
  const tool = (args: unknown) => hudTool(opened.deps).execute(args, { sessionID });
  await tool({ tool: "task.set", args: { description: "port the exporter to streams, keeping the CSV byte-exact" } });
  for (let i = 0; i < 12; i++)
    await tool({ tool: "notes.add", args: { content: `fact ${i}: rows arrive in chunks of ${(i + 1) * 512} bytes` } });
  const session = opened.deps.runtime.session(sessionID);
  const result = await opened.deps.runtime.renderCall(session);
  // past a quarter, o200k loads in the background after the call: give it the time it takes
  await Bun.sleep(1500);
  await opened.deps.runtime.renderCall(session);
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({ tokens: result?.tokens, rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000 }),
  );
  opened.dispose();
}

function runChild(args: string[], env: Record<string, string>, cwd?: string): Record<string, number> {
  const run = Bun.spawnSync(["bun", import.meta.path, ...args], {
    env: { ...process.env, ...env },
    ...(cwd ? { cwd } : {}),
  });
  const line = run.stdout.toString().trim().split("\n").pop() ?? "";
  if (run.exitCode !== 0 || !line.startsWith("{")) throw new Error(`${args.join(" ")}: ${run.stderr.toString()}`);
  return JSON.parse(line) as Record<string, number>;
}

function accuracy(corpus: Sample[], count: Count, reference: Count, kind: Sample["kind"]) {
  const ratios = corpus.filter((s) => s.kind === kind).map((s) => reference(s.text) / Math.max(1, count(s.text)));
  return { min: Math.min(...ratios), max: Math.max(...ratios) };
}

export async function runTokenizerBench(): Promise<void> {
  const { ESTIMATE_MARGIN } = await import("@agent-hud/hud-components");
  const { bpeTokenizer } = await import("@agent-hud/hud-components/o200k");
  const { claudeCounter, tokenCorpus } = await corpusModule();
  const corpus = tokenCorpus(bpeTokenizer);
  const huds = corpus.filter((s) => s.kind === "hud").map((s) => s.text);
  const claude = claudeCounter();
  const o200k: Count = (t) => bpeTokenizer.count(t);
  const kinds = ["hud", "prose", "code"] as const;
  console.log(
    `corpus: ${corpus.length} samples (${kinds.map((k) => `${corpus.filter((s) => s.kind === k).length} ${k}`).join(", ")}), ` +
      `${corpus.reduce((n, s) => n + s.text.length, 0)} characters; stated margin of the default: ${ESTIMATE_MARGIN * 100}%`,
  );
  console.log(
    "candidate".padEnd(40) +
      "load RSS  load CPU   ms/KB   " +
      kinds.map((k) => `${k}: real/counted vs o200k, vs Claude`.padEnd(40)).join(""),
  );
  for (const name of Object.keys(candidates)) {
    const cost = runChild(["--child", name], { TOKENIZER_BENCH_HUDS: JSON.stringify(huds) });
    const count = await candidates[name]!();
    const cells = kinds.map((kind) => {
      const a = accuracy(corpus, count, o200k, kind);
      const b = accuracy(corpus, count, claude, kind);
      return `${a.min.toFixed(2)}–${a.max.toFixed(2)}, ${b.min.toFixed(2)}–${b.max.toFixed(2)}`.padEnd(40);
    });
    const over = Math.max(
      ...kinds.flatMap((k) => [accuracy(corpus, count, o200k, k).max, accuracy(corpus, count, claude, k).max]),
    );
    console.log(
      `${name.padEnd(40)}${`${mib(cost.rss!)} MiB`.padStart(9)}${`${cost.cpuMs!.toFixed(0)} ms`.padStart(10)}${cost.perKbMs!.toFixed(3).padStart(8)}   ${cells.join("")}over ${((over - 1) * 100).toFixed(0)}%`,
    );
  }
  for (const tokenizer of ["estimate", "o200k"]) {
    const root = mkdtempSync(join(tmpdir(), "bench-tokens-"));
    try {
      const env = { HOME: root, XDG_DATA_HOME: join(root, "data"), XDG_CONFIG_HOME: join(root, "config") };
      const r = runChild(["--plugin", tokenizer], env, root);
      console.log(
        `plugin process, a HUD of ${r.tokens} tokens (past a quarter of its 800) rendered twice, tokenizer "${tokenizer}": RSS ${mib(r.rss!)} MiB, CPU ${r.cpuMs!.toFixed(0)} ms`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
}

if (import.meta.main) {
  const [flag, arg] = process.argv.slice(2);
  if (flag === "--child") await child(arg!);
  else if (flag === "--plugin") await pluginChild(arg!);
  else await runTokenizerBench();
}
