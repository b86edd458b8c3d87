// The cache ledger in the real Claude Code: the fake API reports cached tokens as a provider with prefix
// caching would, the plugin records each main-loop call from the transcript, and `agent-hud cache` and the
// status line read back the same hit share with each bust named by what the transcript shows.
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeEnv, createClaudeProject, type ClaudeProject } from "../../harness/claude.ts";
import { mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import type { RecordedRequest } from "../../harness/fake-anthropic.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
// the cache's lifetime in the expiry test: short, yet longer than two calls in a row take on a loaded machine
const LIFETIME_S = 4;

type Call = {
  call: number;
  id: string;
  usage: { input: number; cacheRead: number; cacheWrite: number; output: number };
  bust?: { cause: string; also: string[]; compaction?: boolean; missing: string[]; idleSeconds?: number };
};

let env: ClaudeHud | undefined;
let ownProject: ClaudeProject | undefined;
afterEach(async () => {
  await env?.stop();
  ownProject?.cleanup();
  env = ownProject = undefined;
});

function agentHud(args: string[], stdin?: string) {
  const { project, api } = env!;
  return Bun.spawnSync(["bun", CLI, ...args], {
    cwd: project.dir,
    env: { ...claudeEnv(api.url, project.home), PWD: project.dir },
    stdin: stdin === undefined ? undefined : new TextEncoder().encode(stdin),
  });
}

/** `agent-hud cache --json` for the session: the calls recorded so far. */
function recorded(): Call[] {
  const run = agentHud(["cache", "--session", env!.session.sessionId, "--json"]);
  if (run.exitCode === 0) return JSON.parse(run.stdout.toString()).calls as Call[];
  if (run.stderr.toString().includes("no model call recorded yet")) return [];
  throw new Error(`agent-hud cache failed: ${run.stderr.toString()}`);
}

/**
 * The ledger once it holds `count` calls. A hook records what the transcript gained since the hook before,
 * and Claude Code may write a turn's last answer to it after the turn has ended: another short turn's
 * prompt hook records it (the extra calls come after the ones a test checks).
 */
async function ledger(count: number): Promise<Call[]> {
  for (let turn = 0; ; turn++) {
    const calls = recorded();
    if (calls.length >= count) return calls;
    if (turn === 4) throw new Error(`the ledger never held ${count} calls: ${JSON.stringify(calls)}`);
    await env!.session.send("next");
  }
}

/** The fake's report of a request, in the ledger's terms. */
const reported = (r: RecordedRequest) => ({
  input: r.usage!.input_tokens,
  cacheRead: r.usage!.cache_read_input_tokens,
  cacheWrite: r.usage!.cache_creation_input_tokens,
});
const share = (u: { input: number; cacheRead: number; cacheWrite: number }) =>
  u.cacheRead / (u.input + u.cacheRead + u.cacheWrite);

test("a clean session: the ledger reads back the fake's usage call by call, no bust, and the status line shows it", async () => {
  env = startClaudeHud();
  const { api, session, project } = env;
  api.script(
    { toolUses: [{ name: "Bash", input: { command: "echo hi", description: "say hi" } }] },
    { text: "first done" },
    { text: "second done" },
    { text: "third done" },
  );
  for (const prompt of ["look around", "and now?", "one more", "thanks"]) await session.send(prompt);
  const agent = mainLoop(api);
  expect(agent).toHaveLength(5);
  // a turn's last answer waits for a later hook: the first four of the five calls at least
  const calls = await ledger(4);
  expect(
    calls.map((c) => ({ input: c.usage.input, cacheRead: c.usage.cacheRead, cacheWrite: c.usage.cacheWrite })),
  ).toEqual(mainLoop(api).slice(0, calls.length).map(reported));
  expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
  // the cache really was read after the first call, and nothing was lost
  expect(Math.min(...agent.slice(1, 4).map((r) => share(reported(r))))).toBeGreaterThan(0.75);
  expect(calls.filter((c) => c.bust)).toEqual([]);

  const read = calls.reduce((n, c) => n + c.usage.cacheRead, 0);
  const prompt = calls.reduce((n, c) => n + c.usage.input + c.usage.cacheRead + c.usage.cacheWrite, 0);
  const input = JSON.stringify({ session_id: session.sessionId, cwd: project.dir });
  const status = agentHud(["statusline"], input);
  expect(status.stdout.toString().trim()).toEndWith(` · cache ${Math.round((read / prompt) * 100)}% · no bust`);
  const text = agentHud(["cache", "--session", session.sessionId, "--no-color"]).stdout.toString();
  expect(text).toContain(`${calls.length} calls · hit share`);
  expect(text).toContain("100%┤");
});

test("a compaction is named a history rewrite, once", async () => {
  env = startClaudeHud({ env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" } });
  const { api, session } = env;
  // the usage of this reply puts the context over Claude Code's auto-compact threshold
  api.script(
    { toolUses: [{ name: "Bash", input: { command: "echo hi", description: "say hi" } }] },
    { text: "noted", inputTokens: 97_000 },
  );
  await session.send("remember the exporter");
  api.script({ text: "carried on" }, { text: "still here" });
  await session.send("carry on");
  expect(api.ofKind("compaction")).toHaveLength(1);
  await session.send("and now?");
  await session.send("thanks");
  const calls = await ledger(4);
  // one bust: the first call after the summary, read against the whole conversation the call before sent
  expect(calls.filter((c) => c.bust).map((c) => c.call)).toEqual([3]);
  expect(calls[2]!.bust).toMatchObject({ cause: "history", compaction: true, also: [] });
  const [, before, after] = mainLoop(api).map(reported);
  expect(after!.cacheRead).toBeLessThan(0.75 * (before!.input + before!.cacheRead));
});

test("a pause past the lifetime set in the person's config is named expiry", async () => {
  ownProject = createClaudeProject();
  const config = join(ownProject.home, ".config", "opencode");
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, "agent-hud.jsonc"), `{ "cacheLedger": { "lifetimeSeconds": ${LIFETIME_S} } }\n`);
  env = startClaudeHud({ project: ownProject, api: { cacheTtlMs: LIFETIME_S * 1000 } });
  const { api, session } = env;
  // two calls in the first turn: the second reads the cache, so the provider is seen to cache at all
  api.script({ toolUses: [{ name: "Bash", input: { command: "echo hi", description: "say hi" } }] }, { text: "done" });
  await session.send("one");
  // the scenario itself: idle longer than both the provider's (the fake's) and the ledger's lifetime
  await Bun.sleep((LIFETIME_S + 2) * 1000);
  await session.send("two");
  await session.send("three");
  const calls = await ledger(3);
  expect(share(reported(mainLoop(api)[1]!))).toBeGreaterThan(0.75);
  expect(share(reported(mainLoop(api)[2]!))).toBe(0);
  expect(calls[1]!.bust).toBeUndefined();
  expect(calls[2]!.bust).toMatchObject({ cause: "expired", also: [] });
  expect(calls[2]!.bust!.idleSeconds).toBeGreaterThan(LIFETIME_S);
  const input = JSON.stringify({ session_id: session.sessionId, cwd: env.project.dir });
  expect(agentHud(["statusline"], input).stdout.toString()).toMatch(/^cache \d+% · \d busts? · /);
});
