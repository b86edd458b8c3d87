// The cache ledger in the real opencode binary: the fake LLM reports cached tokens as a provider with prefix
// caching would, and the ledger the plugin keeps must read back the same hit share and name each bust's cause.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { systemText, type RecordedRequest } from "../harness/fake-llm.ts";
import { hudPlugin, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR } from "../harness/opencode.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
const STAMP = join(import.meta.dir, "../fixtures/system-stamp-plugin.ts");
const TAIL_STAMP = join(import.meta.dir, "../fixtures/system-tail-stamp-plugin.ts");
// far above the 1,024 tokens below which no call is judged
const PROMPT = 20_000;
// the cache's lifetime in the expiry test: short, yet longer than two calls in a row take on a loaded machine
const LIFETIME_S = 4;

type Call = {
  call: number;
  usage: { input: number; cacheRead: number; cacheWrite: number };
  bust?: { cause: string; also: string[]; byAgentHud?: boolean; compaction?: boolean };
  loss?: { cause: string; byAgentHud?: boolean; afterAgentHud?: boolean; tokens: number };
};

// one opencode process serves every test's project (each its own directory, config, plugins and fake LLM):
// no test here is about a start
let host: HudEnv;
beforeAll(async () => {
  host = await startHudEnv({ plugin: null });
});
afterAll(() => host?.stop());

let env: HudEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

/** `agent-hud cache --json` for the session, once it holds `count` calls (usage arrives after the answer). */
async function ledger(sessionID: string, count: number): Promise<Call[]> {
  const { project } = env!;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = Bun.spawnSync(["bun", CLI, "cache", "--session", sessionID, "--json"], {
      cwd: project.dir,
      env: { ...project.env, PWD: project.dir },
    });
    const calls = run.exitCode === 0 ? (JSON.parse(run.stdout.toString()).calls as Call[]) : [];
    if (calls.length >= count) return calls;
    if (Date.now() > deadline)
      throw new Error(`the ledger never held ${count} calls: ${run.stdout.toString()}${run.stderr.toString()}`);
    await Bun.sleep(100);
  }
}

const share = (c: Call) => c.usage.cacheRead / (c.usage.input + c.usage.cacheRead + c.usage.cacheWrite);
const fakeShare = (r: RecordedRequest) => r.cachedTokens! / PROMPT;
const text = (t: string) => ({ text: t, promptTokens: PROMPT });

test("a clean session: the ledger reads back the hit share the provider reported, call by call, and no bust", async () => {
  env = await startHudEnv({ host, llm: { cache: {} } });
  const session = await env.server.createSession();
  env.llm.script(
    { toolCalls: [{ name: "bash", args: { command: "echo hi", description: "echo" } }], promptTokens: PROMPT },
    text("first done"),
    text("second done"),
    text("third done"),
  );
  for (const prompt of ["first", "second", "third"]) await env.server.prompt(session.id, prompt);
  const agent = env.llm.agentRequests();
  expect(agent).toHaveLength(4);
  const calls = await ledger(session.id, 4);
  expect(calls.map(share)).toEqual(agent.map(fakeShare));
  // the cache really was read (the fake's shares are not all zero) and nothing was lost
  expect(Math.min(...agent.slice(1).map(fakeShare))).toBeGreaterThan(0.75);
  expect(calls.filter((c) => c.bust)).toEqual([]);
  const cli = Bun.spawnSync(["bun", CLI, "cache", "--session", session.id, "--no-color"], {
    cwd: env.project.dir,
    env: { ...env.project.env, PWD: env.project.dir },
  });
  expect(cli.stdout.toString()).toContain("4 calls · hit share");
  expect(cli.stdout.toString()).toContain("100%┤");
});

test("a plugin that changes the system prompt on every call: each call after the first is a system-prompt bust, not agent-hud's", async () => {
  env = await startHudEnv({ host, llm: { cache: {} }, before: [STAMP] });
  const session = await env.server.createSession();
  env.llm.script(text("one"), text("two"), text("three"));
  for (const prompt of ["one", "two", "three"]) await env.server.prompt(session.id, prompt);
  const calls = await ledger(session.id, 3);
  expect(calls[0]!.bust).toBeUndefined();
  expect(calls.slice(1).map((c) => c.bust)).toEqual([
    expect.objectContaining({ cause: "system", byAgentHud: false }),
    expect.objectContaining({ cause: "system", byAgentHud: false }),
  ]);
});

test("a plugin that stamps the end of the system prompt on every call: each call after the first names it, with the tokens lost, under a bust", async () => {
  env = await startHudEnv({ host, llm: { cache: {} }, before: [TAIL_STAMP] });
  const session = await env.server.createSession();
  env.llm.script(text("one"), text("two"), text("three"), text("four"));
  for (const prompt of ["one", "two", "three", "four"]) await env.server.prompt(session.id, prompt);
  const calls = await ledger(session.id, 4);
  const prompt = (c: Call) => c.usage.input + c.usage.cacheRead + c.usage.cacheWrite;
  expect(calls.map((c) => c.bust)).toEqual([undefined, undefined, undefined, undefined]);
  expect(calls[0]!.loss).toBeUndefined();
  for (const [i, c] of calls.entries()) {
    if (i === 0) continue;
    const lost = prompt(calls[i - 1]!) - c.usage.cacheRead;
    // a real loss, and less than a quarter: the kind of loss only busts used to be named for
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(prompt(calls[i - 1]!) / 4);
    expect(c.loss).toEqual(expect.objectContaining({ cause: "system", byAgentHud: false, tokens: lost }));
  }
  const run = (...args: string[]) =>
    Bun.spawnSync(["bun", CLI, "cache", "--session", session.id, ...args], {
      cwd: env!.project.dir,
      env: { ...env!.project.env, PWD: env!.project.dir },
    }).stdout.toString();
  expect(JSON.parse(run("--json")).summary).toMatchObject({ busts: 0, partial: 3 });
  const shown = run("--no-color", "--width", "200");
  expect(shown).toContain(`#2 `);
  expect(shown).toContain(`partial bust ${calls[1]!.loss!.tokens}: system prompt changed (not agent-hud)`);
});

test("a plugin after agent-hud that stamps the system prompt: read from the request as sent, named as a plugin after it, with the tokens lost", async () => {
  env = await startHudEnv({ host, llm: { cache: {} }, after: [TAIL_STAMP] });
  const session = await env.server.createSession();
  env.llm.script(text("one"), text("two"), text("three"));
  for (const prompt of ["one", "two", "three"]) await env.server.prompt(session.id, prompt);
  // the stamp really reached the provider, after agent-hud's preamble
  const systems = env.llm.agentRequests().map((r) => systemText(r.body));
  expect(systems[1]).toContain("[stamp] call");
  const calls = await ledger(session.id, 3);
  const prompt = (c: Call) => c.usage.input + c.usage.cacheRead + c.usage.cacheWrite;
  for (const [i, c] of calls.entries()) {
    if (i === 0) continue;
    const lost = prompt(calls[i - 1]!) - c.usage.cacheRead;
    expect(lost).toBeGreaterThan(0);
    expect(c.loss).toEqual(
      expect.objectContaining({ cause: "system", byAgentHud: false, afterAgentHud: true, tokens: lost }),
    );
  }
  const shown = Bun.spawnSync(["bun", CLI, "cache", "--session", session.id, "--no-color", "--width", "200"], {
    cwd: env.project.dir,
    env: { ...env.project.env, PWD: env.project.dir },
  }).stdout.toString();
  expect(shown).toContain(`${calls[1]!.loss!.tokens}: system prompt changed (not agent-hud: a plugin after it)`);
});

test("a compaction is named as a history rewrite, once", async () => {
  env = await startHudEnv({ host, llm: { cache: {}, compactionSummary: "We were porting the parser." } });
  const session = await env.server.createSession();
  env.llm.script(
    text("started"),
    // near the limit (195k of 192k usable): opencode compacts before the next agent call
    { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: 195_000 },
    text("continuing after compaction"),
    text("and on"),
  );
  await env.server.prompt(session.id, "start");
  await env.server.prompt(session.id, "go on");
  await env.llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 3, 60_000, "the call after compaction");
  await env.server.waitIdle(session.id);
  await env.server.prompt(session.id, "once more");
  expect(env.llm.ofKind("compaction")).toHaveLength(1);
  const calls = await ledger(session.id, 4);
  const busts = calls.filter((c) => c.bust);
  expect(busts).toHaveLength(1);
  expect(busts[0]!.call).toBe(3);
  expect(busts[0]!.bust).toMatchObject({ cause: "history", compaction: true });
});

test("a pause past the cache's lifetime is named as expiry", async () => {
  env = await startHudEnv({
    host,
    llm: { cache: { ttlMs: LIFETIME_S * 1_000 } },
    plugin: hudPlugin({ cacheLedger: { lifetimeSeconds: LIFETIME_S } }),
  });
  const session = await env.server.createSession();
  env.llm.script(
    { toolCalls: [{ name: "bash", args: { command: "echo hi", description: "echo" } }], promptTokens: PROMPT },
    text("before the pause"),
    text("after the pause"),
  );
  // two calls in a row (a tool call and the answer after it): the second reads the first's prefix, so the
  // provider is seen to cache
  await env.server.prompt(session.id, "one");
  expect((await ledger(session.id, 2))[1]!.usage.cacheRead).toBeGreaterThan(0);
  // the scenario itself: idle longer than both the provider's (the fake's) and the ledger's lifetime
  await Bun.sleep(LIFETIME_S * 1_000 + 1_000);
  await env.server.prompt(session.id, "two");
  const calls = await ledger(session.id, 3);
  expect(env.llm.agentRequests()[2]!.cachedTokens).toBe(0);
  expect(calls.map((c) => c.bust?.cause)).toEqual([undefined, undefined, "expired"]);
  expect(calls[2]!.bust!.also).toEqual([]);
});
