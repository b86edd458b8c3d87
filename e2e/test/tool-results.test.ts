import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// The example component, dropped into the project unchanged: it derives test counts from bash outputs.
const TEST_RESULTS = readFileSync(join(import.meta.dir, "../../examples/components/TestResults.tsx"), "utf8");
const COMMAND = "printf '(fail) login > expiry\\n 12 pass\\n 1 fail\\n'";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ files: { ".opencode/hud/TestResults.tsx": TEST_RESULTS } });
});
afterAll(() => env?.stop());

test("a bash test run's pass/fail counts show in the HUD of the next request", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "bash", args: { command: COMMAND, description: "Run the tests" } }] },
    { text: "one test fails" },
  );
  await server.prompt(session.id, "run the tests");
  const [before, after] = llm.agentRequests();
  expect(tailHud(before!)).not.toContain("**Tests**");
  // opencode really ran the command: its output is the tool result the model received
  expect(toolResults(after!).at(-1)).toContain(" 12 pass");
  const hud = tailHud(after!)!;
  expect(hud).toContain(`**Tests** ✗ 1 failed, 12 passed — \`${COMMAND}\`\n\n- login > expiry\n`);
  expect(logProblems(project, "agent-hud")).toEqual([]);
});
