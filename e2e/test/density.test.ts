import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud } from "../harness/requests.ts";

// 200k context, 8k output: usable is 192k, so these prompt sizes land at ~75% and ~90%.
const AT_75 = 144_000;
const AT_90 = 172_800;

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("~75% and ~90% of usable context render the compact and minimal densities", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  const notes = Array.from({ length: 6 }, (_, i) =>
    hud("notes.add", { content: `finding number ${i + 1} about the cache layer` }),
  );
  llm.script(
    { toolCalls: [hud("task.set", { description: "Speed up the cache layer" }), ...notes], promptTokens: 20_000 },
    { toolCalls: [{ name: "bash", args: { command: "pwd", description: "where" } }], promptTokens: 30_000 },
    { toolCalls: [{ name: "bash", args: { command: "ls", description: "list files" } }], promptTokens: AT_75 },
    { toolCalls: [{ name: "bash", args: { command: "true", description: "noop" } }], promptTokens: AT_90 },
    { text: "done", promptTokens: AT_90 },
  );
  await server.prompt(session.id, "work");
  const huds = llm.agentRequests().map((r) => tailHud(r)!);
  const [full, compact, minimal] = [huds[2]!, huds[3]!, huds[4]!];
  expect(full).toContain("16% of 192k usable");
  expect(full).not.toMatch(/compact HUD|minimal HUD/);
  expect(compact).toContain("75% of 192k");
  expect(compact).toContain("compact HUD");
  expect(minimal).toContain("90%");
  expect(minimal).toContain("minimal HUD");
  // the notes collapse to a count with a pointer at the minimal density
  expect(compact).toContain("finding number 6");
  expect(minimal).not.toContain("finding number 6");
  // denser means shorter, and the task survives at every density
  expect(compact.length).toBeLessThan(full.length);
  expect(minimal.length).toBeLessThan(compact.length);
  for (const h of [full, compact, minimal]) expect(h).toContain("Speed up the cache layer");
});
