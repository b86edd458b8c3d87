import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems, PLUGIN_DIR } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// The example component, dropped into the project unchanged: it derives test counts from bash outputs.
const TEST_RESULTS = readFileSync(join(import.meta.dir, "../../examples/components/TestResults.tsx"), "utf8");
const COMMAND = "printf '(fail) login > expiry\\n 12 pass\\n 1 fail\\n'";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ files: { ".opencode/hud/TestResults.tsx": TEST_RESULTS } });
  // a project's component file reaches the agent once the person accepted the content they read
  const { project } = env;
  const cli = (...argv: string[]) =>
    Bun.spawnSync(["bun", join(PLUGIN_DIR, "dist", "cli", "index.js"), "components", ...argv], {
      cwd: project.dir,
      env: { ...project.env, PWD: project.dir },
    });
  const hash = /^waiting +([0-9a-f]{12})  \.opencode\/hud\/TestResults\.tsx/m.exec(cli("list").stdout.toString())?.[1];
  expect(cli("accept", ".opencode/hud/TestResults.tsx", hash ?? "missing").exitCode).toBe(0);
}, 60_000);
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
  // the component renders in the sandbox when the state changes, never on the call: a call that went out
  // before its render landed shows it in the next one
  let hud = tailHud(after!)!;
  for (let i = 0; i < 4 && !hud.includes("**Tests**"); i++) {
    llm.script({ text: "ok" });
    const count = llm.agentRequests().length;
    await server.prompt(session.id, `look ${i}`);
    hud = tailHud(llm.agentRequests()[count]!)!;
  }
  expect(hud).toContain(`**Tests** ✗ 1 failed, 12 passed — \`${COMMAND}\`\n\n- login > expiry\n`);
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
