import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud, hudPlugin, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { toolResults } from "../harness/requests.ts";

// `(a+)+b` held tool.execute.after for over a second at 27 characters on a backtracking engine, doubling
// with each one more: at 60 the bash call below would never be recorded within the test's time limit.
const STALLS = `${"a".repeat(60)}!`;

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ plugin: hudPlugin({ privacy: { patterns: ["ACME-[0-9]{6}", "(a+)+b"] } }) });
});
afterAll(() => env?.stop());

test("privacy.patterns in the real opencode: a match is marked, and (a+)+b does not hold a bash call", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "bash", args: { command: `echo 'ticket ACME-123456 ${STALLS}'`, description: "Echo" } }] },
    { toolCalls: [hud("history", { limit: 3 })] },
    { text: "done" },
  );
  await server.prompt(session.id, "echo the ticket");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 3, 60_000, "three agent requests");
  const history = toolResults(llm.agentRequests()[2]!).at(-1)!;
  // history shows the start of the command and of the output
  expect(history).toContain(`command=echo 'ticket [redacted:pattern] ${"a".repeat(30)}`);
  expect(history).toContain(`output="ticket [redacted:pattern] ${"a".repeat(30)}`);
  expect(history).not.toContain("ACME-123456");
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
