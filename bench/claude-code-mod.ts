// agent-hud's Claude Code mod (2.1.328 and later). Three measures:
// 1. the bridge per turn over the real `hud` MCP server (stdio, `scripts/mcp.js`): what the mod asks per turn
//    of two steps (two usage records, the hud_compact check, one pane view), p50/p99 over 200 turns;
// 2. the mod's cost per turn inside the real Claude Code (the pinned binary, headless, a fake API): each mod
//    hook's own time from Claude Code's debug log (`session.measure`, `turn.complete`: hooks whose `next`
//    is the engine's bookkeeping) and the turn's wall time with and without the mod (its `modules` entry);
// 3. one compaction, Claude Code's model summary vs `compaction: "hud"`: wall time and tokens. The fake API
//    answers at once, so the model's wall time here leaves out its generation; the tokens are the real cost.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBpeTokenizer } from "@agent-hud/hud-components";
import { createClaudeProject, startClaude } from "../e2e/harness/claude.ts";
import { FakeAnthropic, prefixUnits } from "../e2e/harness/fake-anthropic.ts";
import { ensureFreshBundle } from "../e2e/harness/fresh-build.ts";
import { PLUGIN_DIR } from "../e2e/harness/opencode.ts";
import { startServer } from "./host-claude-code.ts";

const ROOT = join(PLUGIN_DIR, "dist", "claude-code");
const TOOL = "mcp__plugin_agent-hud_hud__hud";
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f = (n: number) => n.toFixed(1).padStart(6);

async function bridgePerTurn() {
  const root = mkdtempSync(join(tmpdir(), "bench-mod-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env = {
    ...process.env,
    HOME: join(root, "home"),
    XDG_DATA_HOME: join(root, "data"),
    XDG_CONFIG_HOME: join(root, "config"),
    AGENT_HUD_HOOK_PHASES: "",
  };
  const sessionID = crypto.randomUUID();
  const server = await startServer(join(ROOT, "scripts"), { project, env, sessionID }, "2.1.332");
  try {
    const mod = (args: object) => server.callTool("hud_mod", { session: sessionID, ...args });
    await mod({ op: "hello" });
    await server.call({ tool: "task.set", args: { description: "bench the mod" } });
    const turns: number[] = [];
    const usage = {
      input_tokens: 50,
      output_tokens: 20,
      cache_read_input_tokens: 4000,
      cache_creation_input_tokens: 0,
    };
    for (let i = 0; i < 200; i++) {
      const t0 = Bun.nanoseconds();
      await mod({ op: "usage", id: `t${i}:0`, usage, at: Date.now() });
      await mod({ op: "usage", id: `t${i}:1`, usage, at: Date.now() });
      await mod({ op: "pending" });
      await mod({ op: "view" });
      turns.push((Bun.nanoseconds() - t0) / 1e6);
    }
    console.log(
      `bridge per turn (2 usage + pending + view over stdio, 200 turns): p50 ${f(pct(turns, 50))} ms, p99 ${f(pct(turns, 99))} ms`,
    );
  } finally {
    // the server writes its store until it has exited
    server.proc.kill();
    await server.proc.exited;
    rmSync(root, { recursive: true, force: true });
  }
}

/** A copy of the plugin root without its `modules` entry: the same plugin as Claude Code before mods. */
function rootWithoutMod(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "bench-nomod-")), "claude-code");
  cpSync(ROOT, dir, { recursive: true });
  const hooks = JSON.parse(readFileSync(join(dir, "hooks", "hooks.json"), "utf8")) as { modules?: unknown };
  delete hooks.modules;
  writeFileSync(join(dir, "hooks", "hooks.json"), JSON.stringify(hooks));
  return dir;
}

async function turnsInClaude(pluginDir: string, turns: number, debugFile?: string) {
  const api = new FakeAnthropic().start();
  const project = createClaudeProject();
  const session = startClaude({
    apiUrl: api.url,
    project,
    pluginDir,
    args: debugFile ? ["--debug-file", debugFile] : [],
  });
  const walls: number[] = [];
  try {
    await session.send("start");
    for (let i = 0; i < turns; i++) {
      api.script(
        { toolUses: [{ name: TOOL, input: { tool: "notes.add", args: { content: `note ${i}` } } }] },
        { text: "ok" },
      );
      const t0 = Bun.nanoseconds();
      await session.send(`turn ${i}`);
      walls.push((Bun.nanoseconds() - t0) / 1e6);
    }
  } finally {
    await session.close();
    api.stop();
    project.cleanup();
  }
  return walls;
}

async function modInClaude() {
  const turns = Number(process.env["CC_MOD_TURNS"] ?? 12);
  const debug = join(mkdtempSync(join(tmpdir(), "bench-mod-debug-")), "debug.log");
  const withMod = await turnsInClaude(ROOT, turns, debug);
  const bare = rootWithoutMod();
  const without = await turnsInClaude(bare, turns);
  rmSync(join(bare, ".."), { recursive: true, force: true });
  const own: Record<string, number[]> = {};
  for (const m of readFileSync(debug, "utf8").matchAll(
    /agent-hud@inline (session\.measure|turn\.complete) settled in ([\d.]+)ms/g,
  ))
    (own[m[1]!] ??= []).push(Number(m[2]));
  rmSync(join(debug, ".."), { recursive: true, force: true });
  const measure = own["session.measure"] ?? [];
  const complete = own["turn.complete"] ?? [];
  const perTurn = measure.map((m, i) => m + (complete[i] ?? 0));
  console.log(
    `mod hooks per turn in Claude Code (session.measure + turn.complete, ${perTurn.length} turns, worker hop included): p50 ${f(pct(perTurn, 50))} ms, p99 ${f(pct(perTurn, 99))} ms`,
  );
  console.log(
    `turn wall time (one hud tool call, fake API), with the mod: p50 ${f(pct(withMod, 50))} ms, p99 ${f(pct(withMod, 99))} ms; without: p50 ${f(pct(without, 50))} ms, p99 ${f(pct(without, 99))} ms`,
  );
}

async function compactionOnce(mode: "summary" | "hud") {
  const tokenizer = await loadBpeTokenizer();
  const api = new FakeAnthropic().start();
  const project = createClaudeProject({ files: { ".opencode/agent-hud.jsonc": JSON.stringify({ compaction: mode }) } });
  const session = startClaude({
    apiUrl: api.url,
    project,
    pluginDir: ROOT,
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
  });
  try {
    api.script(
      { toolUses: [{ name: TOOL, input: { tool: "task.set", args: { description: "bench compaction" } } }] },
      { text: "noted", inputTokens: 97_000 },
    );
    await session.send("read the whole repository and remember it");
    await Bun.sleep(500);
    api.script({ text: "carrying on" });
    const t0 = Bun.nanoseconds();
    await session.send("carry on");
    const wall = (Bun.nanoseconds() - t0) / 1e6;
    const request = api.ofKind("compaction")[0];
    const sent = request ? prefixUnits(request.body).reduce((n, u) => n + tokenizer.count(u), 0) : 0;
    const after = api.agentRequests().at(-1)!;
    const kept = prefixUnits(after.body).reduce((n, u) => n + tokenizer.count(u), 0);
    return { wall, modelRequests: api.ofKind("compaction").length, sent, kept };
  } finally {
    await session.close();
    api.stop();
    project.cleanup();
  }
}

async function compaction() {
  for (const mode of ["summary", "hud"] as const) {
    const r = await compactionOnce(mode);
    console.log(
      `compaction "${mode}": compacting turn ${f(r.wall)} ms wall; ${r.modelRequests} model request(s), ${r.sent} tokens sent to summarize; the next request carries ${r.kept} tokens`,
    );
  }
}

export async function runClaudeCodeModBench(): Promise<void> {
  ensureFreshBundle({ bundle: join(ROOT, "scripts", "hook.js") });
  await bridgePerTurn();
  await modInClaude();
  await compaction();
}

if (import.meta.main) await runClaudeCodeModBench();
