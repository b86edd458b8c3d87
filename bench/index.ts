// `bun run bench` at the repository root: every benchmark module in one run, one section each.
import { runAgentComponentsBench } from "./agent-components.ts";
import { runCacheLedgerBench } from "./cache-ledger.ts";
import { runComponentFilesBench } from "./component-files.ts";
import { runHostBench } from "./host-v2.ts";
import { runClaudeCodeHostBench } from "./host-claude-code.ts";
import { runClaudeCodeModBench } from "./claude-code-mod.ts";
import { runHudBench } from "./hud.ts";
import { runMemoryFileBench } from "./memory-file.ts";
import { runPluginBench } from "./plugin.ts";
import { runPurgeBench } from "./purge.ts";
import { runRecallBench } from "./recall.ts";
import { runRecallQualityBench } from "./recall-quality.ts";
import { runRedactionBench } from "./redaction.ts";
import { runSessionBench } from "./session.ts";
import { runStartupBench } from "./startup.ts";
import { runStoreBench } from "./store.ts";
import { runTokenizerBench } from "./tokenizer.ts";
import { runTuiBench } from "./tui.ts";
import { runUjsxBench } from "./ujsx.ts";

const sections: Array<[string, () => Promise<void>]> = [
  ["ujsx: markdown rendering, dev vs production validation", runUjsxBench],
  ["hud-components: HUD render against a template floor and prompt-tsx", runHudBench],
  [
    "token counting: load cost, speed and accuracy of the candidates against o200k and Claude; the plugin's RSS",
    runTokenizerBench,
  ],
  ["event store: append, catch-up, cold replay, memory", runStoreBench],
  ["plugin: per-call hook overhead, HUD growth with items", runPluginBench],
  ["host adapters: start-up and per-call hooks, V1 and V2 (a simulated V2 context)", runHostBench],
  [
    "cache ledger: per-call hook overhead with the ledger on vs off, its own hashing, the usage record",
    runCacheLedgerBench,
  ],
  [
    "Claude Code host: hook wall time per kind and phase (forwarded, in-process), MCP hud call, HUD tokens carried",
    runClaudeCodeHostBench,
  ],
  [
    "Claude Code mod: the bridge per turn, the mod's cost per turn in Claude Code, compaction model vs hud",
    runClaudeCodeModBench,
  ],
  ["memory file: parse/write of 500 items, sync cost per change", runMemoryFileBench],
  ["recall: index update, search at 1k/10k/100k, size, a simulated year, first call", runRecallBench],
  ["purge and retention: bytes of deleted text left on disk, secure_delete FAST vs OFF", runPurgeBench],
  [
    "recall quality: R@k and MRR per query kind against two FTS5 baselines, speed and size at 10k",
    runRecallQualityBench,
  ],
  ["redaction: per 10 KB of tool output, at start and first use, the corpus", runRedactionBench],
  [
    "agent components: define, warm render, memo, memory, hook overhead with 5, runaway cut-off",
    runAgentComponentsBench,
  ],
  [
    "component files: per-call hook cost with 3 sandboxed files vs none, the first call's wait for the sandbox",
    runComponentFilesBench,
  ],
  ["TUI: sidebar cost per poll, per change, and the server's per-call recording", runTuiBench],
  [
    "session: a host's RSS and CPU over 60 calls with and without the plugin (opencode, Claude Code's MCP server), a cold hook",
    runSessionBench,
  ],
  ['start-up: bundle size, import time, opencode run "hello" with and without the plugin', runStartupBench],
];

for (const [title, run] of sections) {
  console.log(`\n${"=".repeat(100)}\n# ${title}\n${"=".repeat(100)}`);
  await run();
}
// A library under test may leave a handle open (the prompt-tsx comparison does): the run is over here.
process.exit(0);
