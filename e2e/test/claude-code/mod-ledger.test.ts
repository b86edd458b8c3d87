// The cache ledger through agent-hud's Claude Code mod: each main-loop request's usage comes from
// Claude Code itself (`turn.step`), once per request; the hooks, which only saw the transcript, record none.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { claudeEnv } from "../../harness/claude.ts";
import { hud, mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");

type Call = { call: number; id: string; usage: { input: number; cacheRead: number; output: number } };

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud();
});
afterAll(() => env?.stop());

function recorded(): Call[] {
  const { project, api, session } = env;
  const run = Bun.spawnSync(["bun", CLI, "cache", "--session", session.sessionId, "--json"], {
    cwd: project.dir,
    env: { ...claudeEnv(api.url, project.home), PWD: project.dir },
  });
  if (run.exitCode !== 0) throw new Error(`agent-hud cache failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString()).calls as Call[];
}

test("one ledger row per main-loop request, with the usage the API reported, named by turn and step", async () => {
  const { api, session } = env;
  api.script({ toolUses: [hud("task.set", { description: "Ship the CSV exporter" })] }, { text: "set" });
  await session.send("ship the exporter");
  api.script({ text: "done" });
  await session.send("and now?");
  const requests = mainLoop(api);
  expect(requests).toHaveLength(3);
  const calls = recorded();
  expect(calls.map((c) => c.id)).toEqual([
    expect.stringMatching(/:0$/),
    expect.stringMatching(/:1$/),
    expect.stringMatching(/:0$/),
  ]);
  // the mod's rows only: no transcript message id (msg_…) counted a second time
  expect(calls.every((c) => !c.id.startsWith("msg_"))).toBe(true);
  expect(calls.map((c) => [c.usage.input, c.usage.cacheRead])).toEqual(
    requests.map((r) => [r.usage!.input_tokens, r.usage!.cache_read_input_tokens]),
  );
});
