import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Reply } from "../harness/fake-llm.ts";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import type { PluginEntry } from "../harness/opencode.ts";
import { prefixChanges, tailHud } from "../harness/requests.ts";

/**
 * 3 user turns x 4 calls: a read, a shell command and a HUD edit, then the answer. Each turn holds every kind
 * of call and a new user message, where a prefix could break; more calls repeat the same pattern (30 did).
 */
function script(readme: string): { prompts: string[]; replies: Reply[] } {
  const replies: Reply[] = [];
  let call = 0;
  for (let turn = 0; turn < 3; turn++) {
    for (let step = 0; step < 3; step++) {
      call++;
      const promptTokens = 2_000 + call * 1_500;
      if (call % 3 === 0)
        replies.push({ toolCalls: [hud("notes.add", { content: `observation ${call}` })], promptTokens });
      else if (call % 3 === 1)
        replies.push({ toolCalls: [{ name: "read", args: { filePath: readme } }], promptTokens });
      else
        replies.push({
          toolCalls: [{ name: "bash", args: { command: `echo step ${call}`, description: "echo" } }],
          promptTokens,
        });
    }
    replies.push({ text: `turn ${turn + 1} done`, promptTokens: 2_000 + ++call * 1_500 });
  }
  return { prompts: ["first task", "second task", "third task"], replies };
}

const CALLS = 12;

// one opencode process serves the three runs, each in a fresh project: what differs is its plugin list
let host: HudEnv;
beforeAll(async () => {
  host = await startHudEnv({ plugin: null });
});
afterAll(() => host?.stop());

async function run(
  plugin: PluginEntry | null | undefined,
): Promise<{ requests: number; changes: number; huds: number }> {
  const env = await startHudEnv({ plugin, host });
  try {
    const { prompts, replies } = script(join(env.project.dir, "README.md"));
    env.llm.script(...replies);
    const session = await env.server.createSession();
    for (const prompt of prompts) await env.server.prompt(session.id, prompt);
    const agent = env.llm.agentRequests();
    return {
      requests: agent.length,
      changes: prefixChanges(agent),
      huds: agent.filter((r) => tailHud(r) !== undefined).length,
    };
  } finally {
    await env.stop();
  }
}

test("cache: the HUD at the tail breaks the cached prefix no more often than no plugin at all", async () => {
  // side by side: each run is its own project, fake LLM and session, and what is counted does not depend on time
  const [none, ours, statusLine] = await Promise.all([
    run(null),
    run(undefined),
    run(join(import.meta.dir, "../fixtures/status-line-plugin.ts")),
  ]);
  console.log(
    `cache experiment (${CALLS} calls): prefix changed in ${none.changes} requests without a plugin, ${ours.changes} with agent-hud, ${statusLine.changes} with a system[] status line`,
  );
  for (const result of [none, ours, statusLine]) expect(result.requests).toBe(CALLS);
  expect(ours.huds).toBe(CALLS);
  expect(ours.changes).toBe(none.changes);
  expect(statusLine.changes).toBeGreaterThan(ours.changes);
  // the system[] status line changes on every call, so only the first request keeps the previous prefix
  expect(statusLine.changes).toBe(CALLS - 1);
  // the limit only stops a hang: three sessions of 30 calls each once went past 120 s on a busy 2-core machine
}, 300_000);
