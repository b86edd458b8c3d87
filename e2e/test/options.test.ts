import { expect, test } from "bun:test";
import { systemText } from "../harness/fake-llm.ts";
import { hud, hudPlugin, startHudEnv } from "../harness/hud-session.ts";
import { readLogs } from "../harness/opencode.ts";
import { hudMessages, prefixChanges, systemHud, tailHud } from "../harness/requests.ts";

test("bad options are logged once each with path and expected shape; the plugin runs on defaults", async () => {
  const env = await startHudEnv({ plugin: hudPlugin({ placement: "middle", budgets: { full: 5 } }) });
  try {
    const session = await env.server.createSession();
    env.llm.script({ toolCalls: [hud("task.set", { description: "still works" })] }, { text: "ok" });
    await env.server.prompt(session.id, "go");
    await env.server.prompt(session.id, "again");
    const lines = readLogs(env.project)
      .split("\n")
      .filter((l) => l.includes("agent-hud option"));
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.includes("option placement"))).toContain('\\"tail\\" | \\"system\\"');
    expect(lines.find((l) => l.includes("option budgets.full"))).toContain("integer in 40..20000");
    for (const request of env.llm.agentRequests()) expect(tailHud(request)).toBeDefined();
    expect(tailHud(env.llm.agentRequests().at(-1)!)).toContain("still works");
  } finally {
    await env.stop();
  }
});

test('placement "system" puts the HUD in system[] (and so changes the system prompt when the HUD changes)', async () => {
  const env = await startHudEnv({ plugin: hudPlugin({ placement: "system" }) });
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
