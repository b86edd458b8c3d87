import { afterAll, beforeAll, expect, test } from "bun:test";
import { textOf } from "../harness/fake-llm.ts";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { tailHud } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("a sub-agent started with the task tool sees its parent's task and decisions", async () => {
  const { llm, server } = env;
  const session = await server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("task.set", { description: "Audit the payment module" }),
        hud("decisions.record", { summary: "read-only audit, no fixes" }),
      ],
    },
    {
      toolCalls: [
        {
          name: "task",
          args: { description: "scan files", prompt: "SUBTASK: list the payment files", subagent_type: "general" },
        },
      ],
    },
    { text: "child finished" },
    { text: "parent finished" },
  );
  await server.prompt(session.id, "start the audit");
  const child = llm
    .agentRequests()
    .find(
      (r) =>
        r.body.messages.some((m) => m.role === "user" && textOf(m.content).includes("SUBTASK:")) &&
        !r.body.messages.some((m) => m.role === "tool"),
    );
  expect(child).toBeDefined();
  const hudText = tailHud(child!)!;
  expect(hudText).toContain("Audit the payment module");
  expect(hudText).toContain("read-only audit, no fixes");
});
