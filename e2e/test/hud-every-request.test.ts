import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { systemText } from "../harness/fake-llm.ts";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { hudMessages, preambleOf, PREAMBLE_HEADING, tailHud } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("every agent request of a session ends with the HUD, and the system prompt never changes", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "read", args: { filePath: join(project.dir, "README.md") } }] },
    { toolCalls: [{ name: "bash", args: { command: "echo hi", description: "say hi" } }] },
    { text: "first answer" },
    { toolCalls: [{ name: "bash", args: { command: "ls", description: "list files" } }] },
    { text: "second answer" },
  );
  await server.prompt(session.id, "look around");
  await server.prompt(session.id, "and again");
  const agent = llm.agentRequests();
  expect(agent).toHaveLength(5);
  for (const request of agent) {
    expect(tailHud(request)).toBeDefined();
    expect(hudMessages(request)).toHaveLength(1);
  }
  const systems = agent.map((r) => systemText(r.body));
  expect(new Set(systems).size).toBe(1);
  const preamble = preambleOf(agent[0]!)!;
  expect(preamble.startsWith(PREAMBLE_HEADING)).toBe(true);
  expect(systems[0]!.split(PREAMBLE_HEADING)).toHaveLength(2);
  for (const request of llm.ofKind("title")) expect(hudMessages(request)).toHaveLength(0);
  // the read tool call shows up as an active file in the following HUD
  expect(tailHud(agent[1]!)).toContain("README.md");
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
