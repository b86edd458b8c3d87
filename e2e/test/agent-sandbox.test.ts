// Agent components against the sandbox's two hard promises, in the real binary: compiling a source runs
// nothing of it on the host, and a render that a single built-in call makes slow costs the LLM call no
// more than its budget (a render runs when the state changes, never on the call).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("a component with a macro import is refused in one line and runs nothing: no marker file", async () => {
  const { llm, server, project } = env;
  const marker = join(project.dir, "macro-ran");
  const source = [
    'import { execSync } from "node:child_process" with { type: "macro" };',
    `execSync(${JSON.stringify(`touch ${marker}`)});`,
    "export default function M() { return <paragraph>m</paragraph>; }",
  ].join("\n");
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("components.define", { name: "M", source })] }, { text: "done" });
  const count = llm.agentRequests().length;
  await server.prompt(session.id, "add a component");
  const reply = toolResults(llm.agentRequests()[count + 1]!).at(-1)!;
  expect(reply).toContain(
    'components.define: M: imports are not available in the sandbox (found "node:child_process"); write helpers in the same source and read data from the props',
  );
  expect(reply).not.toContain("\n");
  expect(existsSync(marker)).toBe(false);
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});

// Cheap while no note exists; once one does, one indexOf of a 150k needle in a 300k string, which QuickJS
// cannot interrupt (tens of seconds when measured unbounded).
const QUADRATIC = `export default function Quad({ state }) {
  if (!state.notes.length) return <paragraph>Quad waiting</paragraph>;
  const hay = "a".repeat(300000) + state.notes[0].content;
  return <paragraph>Quad {String(hay.indexOf("a".repeat(150000) + "c"))}</paragraph>;
}`;

test("a component cheap at define and quadratic once a note exists: the call never waits for it, and the failure label follows", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [hud("components.define", { name: "Quad", source: QUADRATIC })] },
    { toolCalls: [hud("notes.add", { content: "b" })] },
    { text: "done" },
  );
  const count = llm.agentRequests().length;
  await server.prompt(session.id, "watch the notes");
  const requests = llm.agentRequests().slice(count);
  expect(toolResults(requests[1]!).at(-1)).toStartWith("ok: defined component Quad (session)");
  expect(tailHud(requests[1]!)).toContain("Quad waiting");
  // the call never waits for the sandbox: it carries the last render while the quadratic one runs elsewhere
  expect(tailHud(requests[2]!)).toContain("Quad waiting");
  expect(requests[2]!.at - requests[1]!.at).toBeLessThan(10_000);
  // the render was cut off at the budget (the process killed, not the seconds the indexOf runs): a later
  // call shows the failure label after the last good output
  const label =
    "Quad waiting\n\n**⚠ agent component failed** Quad: took longer than the call's budget of 2000 ms (showing its last good output)";
  // calls, not a count of them, wait for it: a host with nothing between two calls (no snapshots) makes many
  // within the budget's 2 s
  let after = tailHud(requests[2]!)!;
  for (let i = 0, deadline = Date.now() + 30_000; !after.includes(label) && Date.now() < deadline; i++) {
    llm.script({ text: "ok" });
    const next = llm.agentRequests().length;
    await server.prompt(session.id, `look ${i}`);
    after = tailHud(llm.agentRequests()[next]!)!;
    if (!after.includes(label)) await Bun.sleep(250);
  }
  expect(after).toContain(label);
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
