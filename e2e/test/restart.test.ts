import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { startOpencode } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("kill -9 and restart opencode on the same session: the HUD state is intact", async () => {
  const { llm } = env;
  const session = await env.server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("task.set", { description: "Migrate the billing job" }),
        hud("notes.add", { content: "cron lives in ops/cron.yaml" }),
      ],
    },
    { toolCalls: [hud("steps.add", { description: "dry-run on staging" })] },
    { text: "paused" },
  );
  await env.server.prompt(session.id, "go");
  const before = tailHud(llm.agentRequests().at(-1)!)!;
  await env.server.kill();

  env.server = await startOpencode(env.project);
  llm.script({ text: "resumed" });
  const count = llm.agentRequests().length;
  await env.server.prompt(session.id, "continue");
  const after = tailHud(llm.agentRequests()[count]!)!;
  for (const text of ["Migrate the billing job", "cron lives in ops/cron.yaml", "dry-run on staging"]) {
    expect(before).toContain(text);
    expect(after).toContain(text);
  }
});
