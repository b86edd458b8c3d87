import { afterAll, expect, test } from "bun:test";
import { systemText } from "../harness/fake-llm.ts";
import { hud, hudPlugin, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { hudMessages, prefixChanges, systemHud, tailHud } from "../harness/requests.ts";

// The second test's project (its own options) is served by the first test's process, stopped last: neither
// tests a start, and the first reads the log before the second writes to it.
let first: HudEnv | undefined;
afterAll(() => first?.stop());

test("bad options are logged once each with path and expected shape; the plugin runs on defaults", async () => {
  const env = (first = await startHudEnv({ plugin: hudPlugin({ placement: "middle", budgets: { full: 5 } }) }));
  const session = await env.server.createSession();
  env.llm.script({ toolCalls: [hud("task.set", { description: "still works" })] }, { text: "ok" });
  await env.server.prompt(session.id, "go");
  await env.server.prompt(session.id, "again");
  const lines = (await env.server.logs()).split("\n").filter((l) => l.includes("agent-hud option"));
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.includes("option placement"))).toContain('\\"tail\\" | \\"system\\"');
  expect(lines.find((l) => l.includes("option budgets.full"))).toContain("integer in 40..20000");
  for (const request of env.llm.agentRequests()) expect(tailHud(request)).toBeDefined();
  expect(tailHud(env.llm.agentRequests().at(-1)!)).toContain("still works");
});

test('placement "system" puts the HUD in system[] (and so changes the system prompt when the HUD changes)', async () => {
  const env = await startHudEnv({ host: first, plugin: hudPlugin({ placement: "system" }) });
  try {
    const session = await env.server.createSession();
    env.llm.script({ toolCalls: [hud("task.set", { description: "system placed" })] }, { text: "ok" });
    await env.server.prompt(session.id, "go");
    const [first, second] = env.llm.agentRequests();
    for (const request of [first!, second!]) {
      expect(tailHud(request)).toBeUndefined();
      expect(systemHud(request)).toBeDefined();
      expect(hudMessages(request).every((m) => m.role === "system")).toBe(true);
    }
    expect(systemHud(second!)).toContain("system placed");
    expect(systemText(first!.body)).not.toBe(systemText(second!.body));
    expect(prefixChanges([first!, second!])).toBe(1);
  } finally {
    await env.stop();
  }
});
