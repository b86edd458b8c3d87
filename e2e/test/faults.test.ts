import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hud, hudPlugin, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// The storage option names a regular file, so the plugin cannot create its database at all.
let env: HudEnv;
let scratch: string;
let notADir: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "agent-hud-e2e-faults-"));
  notADir = join(scratch, "a-file");
  writeFileSync(notADir, "not a directory\n");
  env = await startHudEnv({ plugin: hudPlugin({ storageDir: notADir }) });
});
afterAll(async () => {
  await env?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test("an unusable database path: requests still reach the LLM with a HUD, and the hud tool works from memory", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("notes.add", { content: "kept in memory" })] }, { text: "done" });
  await server.prompt(session.id, "work without a database");
  const requests = llm.agentRequests();
  expect(requests).toHaveLength(2);
  for (const request of requests) expect(tailHud(request)).toBeDefined();
  // only in memory, so the reply names no id: the database, once back, decides it
  expect(toolResults(requests[1]!).at(-1)).toBe(
    "ok: note recorded in memory; the database is not taking writes right now, so its id is assigned when it is written — see hud notes.list",
  );
  expect(tailHud(requests[1]!)).toContain("kept in memory");

  const logs = await server.logs();
  // the store said why (in opencode's log), and no hook failed
  expect(logs).toMatch(/agent-hud store: open failed/);
  expect(logs).not.toMatch(/agent-hud: [\w. ]+ failed:/);
});
