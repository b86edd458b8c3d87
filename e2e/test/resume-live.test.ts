import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeLlm, type RecordedRequest } from "../harness/fake-llm.ts";
import { hud, hudPlugin } from "../harness/hud-session.ts";
import { createProject, startOpencode, type OpencodeServer, type Project } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// The resume hint against real opencode processes sharing one project and one HUD database: a session
// still being worked on is never offered to another one, in the same process or another; once its
// process is gone (kill -9, then a restart) it is, and the hint stops after a session's first 5 calls.
let llm: FakeLlm;
let project: Project;
const servers: OpencodeServer[] = [];

const TASK = "Split the reports module into read and write paths";
const HINT = `**Resume** last session left "${TASK}" with 1 open step; take it over with \`hud resume\``;

beforeAll(() => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url, plugins: [hudPlugin()] });
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  llm?.stop();
  project?.cleanup();
});

async function start(): Promise<OpencodeServer> {
  const server = await startOpencode(project);
  servers.push(server);
  return server;
}

/** One plain prompt; returns the HUD lines starting with **Resume** in its (only) agent request. */
async function resumeLines(server: OpencodeServer, sessionID: string): Promise<string[]> {
  const before = llm.agentRequests().length;
  llm.script({ text: "ok" });
  await server.prompt(sessionID, "what next?");
  const requests: RecordedRequest[] = llm.agentRequests().slice(before);
  expect(requests).toHaveLength(1);
  const text = tailHud(requests[0]!);
  if (text === undefined) throw new Error("expected the request to end with the HUD");
  return text.split("\n").filter((line) => line.startsWith("**Resume**"));
}

test("live sessions are never offered; after kill -9 and a restart the session is, for 5 calls", async () => {
  const first = await start();
  const a = await first.createSession();
  llm.script(
    { toolCalls: [hud("task.set", { description: TASK }), hud("steps.add", { description: "move the writers" })] },
    { text: "working on it" },
  );
  await first.prompt(a.id, "start the split");

  // a second session next to A in the same process
  const b = await first.createSession();
  expect(await resumeLines(first, b.id)).toEqual([]);
  // A goes on, and is the project's most recent session again
  expect(await resumeLines(first, a.id)).toEqual([]);

  // a second opencode process on the same project, while A's process runs
  const second = await start();
  const c = await second.createSession();
  expect(await resumeLines(second, c.id)).toEqual([]);

  // A's process is killed: no shutdown hook runs, the process is simply gone
  await first.kill();
  servers.splice(servers.indexOf(first), 1);
  const d = await second.createSession();
  expect(await resumeLines(second, d.id)).toEqual([HINT]);

  // a restarted opencode offers A as well (the sessions of the second process are live and skipped)
  const restarted = await start();
  const e = await restarted.createSession();
  expect(await resumeLines(restarted, e.id)).toEqual([HINT]);
  llm.script({ toolCalls: [hud("resume")] }, { text: "resumed" });
  const before = llm.agentRequests().length;
  await restarted.prompt(e.id, "take it over");
  expect(toolResults(llm.agentRequests()[before + 1]!).at(-1)).toBe(
    "ok: resumed t, s1 (task and open steps copied into this session)",
  );

  // D never sets a task: the hint shows in its first 5 calls only
  for (let call = 2; call <= 5; call++) expect(await resumeLines(second, d.id)).toEqual([HINT]);
  expect(await resumeLines(second, d.id)).toEqual([]);
}, 240_000);
