import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { toolResults } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

const compact = { name: "hud_compact", args: {} };

test("hud_compact declines below half full, and otherwise compacts once the turn has ended", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  // the tool judges by the usage of the last finished call, which is what the HUD showed the model
  const bash = { name: "bash", args: { command: "true", description: "noop" } };
  llm.script(
    { toolCalls: [bash], promptTokens: 40_000 },
    { toolCalls: [compact], promptTokens: 41_000 },
    { toolCalls: [bash], promptTokens: 120_000 },
    { toolCalls: [compact], promptTokens: 121_000 },
    { text: "saved everything, compacting", promptTokens: 122_000 },
  );
  await server.prompt(session.id, "wrap up");
  const agent = llm.agentRequests();
  expect(toolResults(agent[2]!).at(-1)).toMatch(/^declined: context is 21% full/);
  expect(toolResults(agent[4]!).at(-1)).toMatch(/^ok: context is 63% full/);
  await llm.waitFor((rs) => rs.some((r) => r.kind === "compaction"), 30_000, "the scheduled compaction");
  // not inside the tool: the summary starts after the turn's last request
  expect(llm.ofKind("compaction")[0]!.index).toBeGreaterThan(agent.at(-1)!.index);
  await server.waitEvent(
    (e) => e.type === "session.compacted" && e.properties.sessionID === session.id,
    30_000,
    "session.compacted",
    true,
  );
  const messages = await server.messages(session.id);
  expect(messages.some((m) => m.info.summary === true)).toBe(true);
});
