// The module exports `{ id, server, setup }`. opencode 1.18 calls `server` and, from 1.17.10, also runs an
// embedded V2 pass that calls `setup` with a registration-only context; this checks in the real binary that
// the second pass opens no database and adds no hook.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { hudPlugin, startHudEnv } from "../harness/hud-session.ts";
import { logProblems, type PluginEntry } from "../harness/opencode.ts";
import { openHandles, processTree } from "../harness/process-files.ts";
import { hudMessages } from "../harness/requests.ts";

/**
 * The hud.db handles the server keeps: the fewest seen over ten samples a tenth of a second apart. A short
 * connection of the plugin's own (the retention sweep a while after start) can be open at any one sample on
 * a busy machine; a connection a second pass kept would be in every sample.
 */
async function heldHandles(pid: number): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 10; i++) {
    fewest = Math.min(fewest, openHandles(processTree(pid), "/hud.db"));
    await Bun.sleep(100);
  }
  return fewest;
}

/** One request through a fresh opencode with `plugin`; the HUD count and the open hud.db handles after it. */
async function oneRequest(plugin: PluginEntry) {
  const env = await startHudEnv({ plugin });
  try {
    const session = await env.server.createSession();
    env.llm.script({ text: "done" });
    await env.server.prompt(session.id, "hello");
    const agent = env.llm.agentRequests();
    expect(agent).toHaveLength(1);
    expect(await logProblems(env.server, "agent-hud")).toEqual([]);
    return { huds: hudMessages(agent[0]!).length, handles: await heldHandles(env.server.pid) };
  } finally {
    await env.stop();
  }
}

test("opencode 1.18 with the dual export holds as many hud.db handles as with the V1 entry alone, and sends one HUD", async () => {
  const dual = await oneRequest(hudPlugin());
  const v1Only = await oneRequest(join(import.meta.dir, "../fixtures/v1-only-plugin.ts"));
  expect(dual.huds).toBe(1);
  expect(v1Only.huds).toBe(1);
  // the scan found the store's handles at all (a wrong path would make both counts 0 and equal)
  expect(v1Only.handles).toBeGreaterThan(0);
  expect(dual.handles).toBe(v1Only.handles);
}, 120_000);
