import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { FakeLlm, type RecordedRequest } from "../harness/fake-llm.ts";
import { hud, hudPlugin } from "../harness/hud-session.ts";
import { createProject, startOpencode, type OpencodeServer, type Project } from "../harness/opencode.ts";
import { preambleOf, tailHud, toolResults } from "../harness/requests.ts";

// Two worktrees sharing one XDG data dir, hence one HUD database: project memory must be keyed by the
// worktree, not by the database. One opencode process serves both (an instance per worktree, each with
// its own start of the plugin); a test starts another process only where processes are what it is about.
let llm: FakeLlm;
let alpha: Project;
let beta: Project;
const servers: OpencodeServer[] = [];
/** alpha's process, kept from test to test while a test does not replace it. */
let alphaServer: OpencodeServer | undefined;

const PROJECT_NOTE = "payments always go through the idempotency-key middleware";
const SESSION_NOTE = "scratch: the flaky test was a timezone issue";

beforeAll(() => {
  llm = new FakeLlm().start();
  alpha = createProject({ llmUrl: llm.url, plugins: [hudPlugin()] });
  beta = createProject({ llmUrl: llm.url, plugins: [hudPlugin()], sharing: alpha });
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  llm?.stop();
  alpha?.cleanup();
  beta?.cleanup();
});

async function start(project: Project): Promise<OpencodeServer> {
  const server = await startOpencode(project);
  servers.push(server);
  return server;
}

async function stop(server: OpencodeServer): Promise<void> {
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
  if (server === alphaServer) alphaServer = undefined;
}

async function alphaProcess(): Promise<OpencodeServer> {
  alphaServer ??= await start(alpha);
  return alphaServer;
}

/** Runs one prompt and returns the agent requests it caused, in order. */
async function turn(server: OpencodeServer, sessionID: string, text: string): Promise<RecordedRequest[]> {
  const before = llm.agentRequests().length;
  await server.prompt(sessionID, text);
  return llm.agentRequests().slice(before);
}

const hudOf = (request: RecordedRequest | undefined): string => {
  const text = request ? tailHud(request) : undefined;
  if (text === undefined) throw new Error("expected the request to end with the HUD");
  return text;
};

test("a project note from session 1 is in the first request of session 2, and not in another worktree's session", async () => {
  const server = await alphaProcess();
  const first = await server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("notes.add", { content: PROJECT_NOTE, scope: "project" }),
        hud("notes.add", { content: SESSION_NOTE }),
      ],
    },
    { text: "noted" },
  );
  const recorded = await turn(server, first.id, "remember what matters");
  expect(toolResults(recorded.at(-1)!).slice(-2)).toEqual(["ok: added note pn1", "ok: added note n1"]);

  const second = await server.createSession();
  llm.script({ text: "hello" });
  const [opening] = await turn(server, second.id, "new session, same project");
  const seen = hudOf(opening);
  expect(seen).toContain("Project memory");
  expect(seen).toContain(`pn1 note: ${PROJECT_NOTE}`);
  expect(seen).not.toContain(SESSION_NOTE);
  // the byte-stable preamble is where the agent learns that project scope exists
  expect(preambleOf(opening!)).toContain('`scope: "project"`');

  const other = await server.forProject(beta);
  const elsewhere = await other.createSession();
  llm.script({ text: "hello" });
  const [foreign] = await turn(other, elsewhere.id, "a session of another worktree");
  const foreignHud = hudOf(foreign);
  expect(foreignHud).not.toContain(PROJECT_NOTE);
  expect(foreignHud).not.toContain("Project memory");
  await other.stop();

  // The negative check means something only if both worktrees really wrote to the one shared database.
  expect(beta.dataDir).toBe(alpha.dataDir);
  const db = new Database(join(alpha.dataDir, "opencode", "hud", "hud.db"), { readonly: true });
  try {
    const keys = db.query("SELECT DISTINCT project_key AS key FROM sessions").all() as Array<{ key: string }>;
    expect(keys).toHaveLength(2);
    const streams = db.query("SELECT DISTINCT stream FROM events WHERE stream LIKE 'project:%'").all() as Array<{
      stream: string;
    }>;
    expect(streams).toHaveLength(1);
  } finally {
    db.close();
  }
});

test("`hud resume` in a new session (new process) brings back the last session's task and open steps", async () => {
  let server = await alphaProcess();
  const previous = await server.createSession();
  llm.script(
    {
      toolCalls: [
        hud("task.set", { description: "Migrate billing to the v2 invoices API" }),
        hud("steps.add", { description: "write the v2 client adapter" }),
        hud("steps.add", { description: "backfill open invoices" }),
        hud("steps.add", { description: "switch the webhook endpoint" }),
      ],
    },
    { toolCalls: [hud("steps.complete", { id: "s1" })] },
    { text: "stopping here for today" },
  );
  await turn(server, previous.id, "start the billing migration");
  await stop(server);

  server = await alphaProcess();
  const next = await server.createSession();
  llm.script({ text: "I see an unfinished task" });
  const [opening] = await turn(server, next.id, "what's up?");
  const hint = hudOf(opening)
    .split("\n")
    .filter((line) => line.includes("Resume"));
  expect(hint).toHaveLength(1);
  expect(hint[0]).toContain("Migrate billing to the v2 invoices API");
  expect(hint[0]).toContain("2 open steps");
  expect(hint[0]).toContain("`hud resume`");

  llm.script({ toolCalls: [hud("resume")] }, { toolCalls: [hud("history", { limit: 5 })] }, { text: "resumed" });
  const [, afterResume, afterHistory] = await turn(server, next.id, "take it over");
  expect(toolResults(afterResume!).at(-1)).toBe("ok: resumed t, s1, s2 (task and open steps copied into this session)");
  const resumed = hudOf(afterResume);
  expect(resumed).toContain("Migrate billing to the v2 invoices API");
  expect(resumed).toContain("backfill open invoices");
  expect(resumed).toContain("switch the webhook endpoint");
  // the finished step stays behind, and the hint is gone once the task is taken over
  expect(resumed).not.toContain("write the v2 client adapter");
  expect(resumed).not.toContain("**Resume**");
  // history says where the copied items came from
  const history = toolResults(afterHistory!).at(-1)!;
  expect(history).toContain(`resume fromSessionID=${previous.id}`);
  expect(history).toContain("Migrate billing to the v2 invoices API");
});

test("two opencode processes on one project see each other's project items on their next call", async () => {
  const one = await alphaProcess();
  const two = await start(alpha);
  const left = await one.createSession();
  const right = await two.createSession();
  // both processes have rendered (and cached) the project stream before the other one writes to it
  llm.script({ text: "ready" });
  await turn(one, left.id, "warm up");
  llm.script({ text: "ready" });
  await turn(two, right.id, "warm up");

  llm.script(
    { toolCalls: [hud("conventions.add", { content: "commit messages use the imperative mood" })] },
    { text: "ok" },
  );
  const fromOne = await turn(one, left.id, "record a convention");
  expect(toolResults(fromOne.at(-1)!).at(-1)).toMatch(/^ok: added convention c\d+$/);

  llm.script(
    { toolCalls: [hud("keyfiles.add", { path: "src/billing/adapter.ts", note: "all v2 calls go through it" })] },
    { text: "ok" },
  );
  const fromTwo = await turn(two, right.id, "record a key file");
  expect(hudOf(fromTwo[0])).toContain("commit messages use the imperative mood");
  expect(toolResults(fromTwo.at(-1)!).at(-1)).toMatch(/^ok: added key file k\d+$/);

  llm.script({ text: "ok" });
  const [back] = await turn(one, left.id, "anything new?");
  const seen = hudOf(back);
  expect(seen).toContain("`src/billing/adapter.ts` — all v2 calls go through it");
  expect(seen).toContain("commit messages use the imperative mood");
  // the project note from the first test is there too: one project, one memory
  expect(seen).toContain(PROJECT_NOTE);
  await stop(two);
});

test("a sub-agent session sees the project items and its parent's task and decisions", async () => {
  const server = await alphaProcess();
  const parent = await server.createSession();
  const subPrompt = "Check which invoices still use the v1 endpoint";
  llm.script(
    {
      toolCalls: [
        hud("task.set", { description: "Retire the v1 invoices endpoint" }),
        hud("decisions.record", { summary: "keep v1 read-only until March" }),
      ],
    },
    {
      toolCalls: [
        { name: "task", args: { description: "find v1 callers", prompt: subPrompt, subagent_type: "general" } },
      ],
    },
    { text: "three callers remain" },
    { text: "done" },
  );
  const requests = await turn(server, parent.id, "retire v1");
  const sub = requests.filter((r) =>
    r.body.messages.some((m) => m.role === "user" && JSON.stringify(m.content).includes(subPrompt)),
  );
  expect(sub).toHaveLength(1);
  const seen = hudOf(sub[0]);
  expect(seen).toContain("Parent session");
  expect(seen).toContain("Retire the v1 invoices endpoint");
  expect(seen).toContain("keep v1 read-only until March");
  expect(seen).toContain(`pn1 note: ${PROJECT_NOTE}`);
  expect(seen).toContain("commit messages use the imperative mood");
  // its parent is the project's latest session and has an open task, but that is not the sub-agent's to take over
  expect(seen).not.toContain("**Resume**");
  expect(toolResults(requests.at(-1)!).at(-1)).toContain("three callers remain");
});
