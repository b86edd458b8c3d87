// agent-hud in the real Codex CLI, installed as a person does (`codex plugin marketplace add`, then `codex plugin
// add`), against a scripted Responses API. Few Codex processes: one prompt runs many model calls (tool_search,
// the `hud` call, a patch, a shell command), one resumed prompt carries the compaction, and one more runs with
// the HUD switched off by `agent-hud off` until its own shell call switches it on and prints a secret, and a last
// one spawns a sub-agent (`spawn_agent`), whose thread the fake answers apart.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CODEX_MARKET_ROOT,
  CODEX_PLUGIN_ROOT,
  createCodexProject,
  exec,
  codexEnv,
  HUD_NAMESPACE,
  installPlugin,
  type CodexProject,
} from "../../harness/codex.ts";
import { developerTexts, FakeOpenAI, itemText, type RecordedRequest } from "../../harness/fake-openai.ts";
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { PLUGIN_DIR } from "../../harness/opencode.ts";
import { hudOfAnotherHostsSession } from "../../harness/claude-hud.ts";
import { join } from "node:path";

const api = new FakeOpenAI({ summary: "We were shipping the Codex host." }).start();
let project: CodexProject;
let thread = "";
/** The first prompt's agent requests, each with the usage its answer reported. */
let firstPrompt: RecordedRequest[] = [];

/** Codex compacts once a response's input reaches this; the scripted usage stays far below until the test says. */
const AUTO_COMPACT = 200_000;

beforeAll(async () => {
  if (!existsSync(join(CODEX_PLUGIN_ROOT, "scripts", "hook.js")))
    throw new Error("the Codex plugin root is not built: run bun run build in packages/hud-plugin");
  project = createCodexProject({ apiUrl: api.url, autoCompactLimit: AUTO_COMPACT });
  await installPlugin(project, CODEX_MARKET_ROOT, "agent-hud");
});
afterAll(() => {
  api.stop();
  project?.cleanup();
});

/** The HUD texts the plugin's hooks appended (developer messages), in order. */
const hudTexts = (request: RecordedRequest) =>
  developerTexts(request.body).filter((t) => t.includes("<agent-hud>") || t.startsWith("HUD update:"));
const fullCopies = (request: RecordedRequest) => hudTexts(request).filter((t) => t.includes("<agent-hud>"));
const outputOf = (request: RecordedRequest, callId: string) =>
  request.body.input
    .filter((i) => i["call_id"] === callId && i.type !== "function_call")
    .map(itemText)
    .join("\n");

const TASK = "Ship the Codex host";
const NOTE = `the release branch is frozen ${crypto.randomUUID().slice(0, 8)}`;
const PATCH = ["*** Begin Patch", "*** Add File: notes/plan.txt", "+first line", "*** End Patch", ""].join("\n");

test("installed from the marketplace: the full HUD at start, `hud` found through tool_search and called, a patch's file in the next update", async () => {
  api.script(
    {
      calls: [
        {
          raw: {
            type: "tool_search_call",
            call_id: "search1",
            status: "completed",
            execution: "client",
            arguments: { query: "hud" },
          },
        },
      ],
    },
    {
      cachedTokens: 3_000,
      calls: [
        {
          namespace: HUD_NAMESPACE,
          name: "hud",
          callId: "hud1",
          args: { tool: "task.set", args: { description: TASK } },
        },
        {
          namespace: HUD_NAMESPACE,
          name: "hud",
          callId: "hud2",
          args: { tool: "notes.add", args: { content: NOTE, scope: "project" } },
        },
      ],
    },
    {
      cachedTokens: 3_500,
      calls: [
        {
          raw: { type: "custom_tool_call", call_id: "patch1", name: "apply_patch", input: PATCH, status: "completed" },
        },
      ],
    },
    { text: "done", cachedTokens: 4_000 },
  );
  const run = await exec(project, "start the work");
  thread = run.thread;
  const requests = api.ofKind("agent");
  expect(requests.length).toBe(4);
  firstPrompt = requests;
  const [first, second, third, fourth] = requests as [
    RecordedRequest,
    RecordedRequest,
    RecordedRequest,
    RecordedRequest,
  ];

  // append-only: each request repeats the one before it whole and adds to its end, so the cached prefix holds
  for (let i = 1; i < requests.length; i++) {
    const before = requests[i - 1]!.body.input.map((item) => JSON.stringify(item));
    const now = requests[i]!.body.input.map((item) => JSON.stringify(item));
    expect(now.slice(0, before.length)).toEqual(before);
    expect(now.length).toBeGreaterThan(before.length);
  }

  // SessionStart(startup): one full copy, with the instructions saying how to reach the deferred tool
  const opening = fullCopies(first);
  expect(opening.length).toBe(1);
  expect(opening[0]).toContain("`tool_search`");
  expect(opening[0]).toContain("mcp__hud__hud");
  expect(opening[0]).not.toContain(TASK);

  // tool_search found the server's namespace with `hud` in it
  const found = second.body.input.find((i) => i.type === "tool_search_output");
  const namespaces = (found?.["tools"] ?? []) as Array<{ name: string; tools?: Array<{ name: string }> }>;
  expect(namespaces.find((n) => n.name === HUD_NAMESPACE)?.tools?.map((t) => t.name)).toContain("hud");

  // the call reached the server: its result names the task it set, and no text of the plugin repeats it
  expect(outputOf(third, "hud1")).toContain("ok: set task");
  expect(outputOf(third, "hud2")).toContain("ok");
  for (const text of hudTexts(third)) expect(text).not.toContain(TASK);

  // after the patch: an update with the file it added, not a full copy
  const after = hudTexts(fourth).slice(hudTexts(third).length);
  expect(after.length).toBe(1);
  expect(after[0]).toStartWith("HUD update:");
  expect(after[0]).toContain("notes/plan.txt");
  expect(fullCopies(fourth).length).toBe(1);
}, 120_000);

test("resume sends the full HUD again; a real compaction is followed by the full HUD via SessionStart(compact)", async () => {
  expect(thread).not.toBe("");
  const before = api.requests.length;
  api.script(
    // past the limit: Codex compacts before its next request
    { calls: [{ name: "exec_command", callId: "sh1", args: { cmd: "ls" } }], inputTokens: AUTO_COMPACT + 10_000 },
    { text: "after the compaction" },
  );
  await exec(project, "go on", { resume: thread });
  const mine = api.requests.slice(before);
  const compactions = mine.filter((r) => r.kind === "compaction");
  expect(compactions.length).toBe(1);
  const agents = mine.filter((r) => r.kind === "agent");
  // the resumed session replays the history as it was sent: the earlier requests' prefix is still cached
  const earlier = api.requests[before - 1]!.body.input.map((item) => JSON.stringify(item));
  expect(agents[0]!.body.input.map((item) => JSON.stringify(item)).slice(0, earlier.length)).toEqual(earlier);
  // resume: the replayed history's copy, then the resumed session's own full copy with the task
  const resumed = fullCopies(agents[0]!);
  expect(resumed.length).toBe(2);
  expect(resumed.at(-1)).toContain(TASK);
  // after the summary: the history is gone, and the compact SessionStart brought the HUD back whole
  const last = agents.at(-1)!;
  expect(last.index).toBeGreaterThan(compactions[0]!.index);
  const copies = fullCopies(last);
  expect(copies.length).toBe(1);
  expect(copies[0]).toContain(TASK);
  expect(copies[0]).toContain("`tool_search`");
}, 120_000);

test("the cache ledger has each agent call's tokens as the API reported them, cached ones included (from the rollout): a repeated count once, the compaction's own call not at all", () => {
  const db = new Database(join(project.root, "data", "opencode", "hud", "hud.db"), { readonly: true });
  const rows = db
    .query("SELECT input, cache_read FROM hud_cache_calls WHERE session_id = ? ORDER BY call")
    .all(thread) as Array<{ input: number; cache_read: number }>;
  db.close();
  expect(firstPrompt.slice(1).every((r) => r.usage!.cached > 0)).toBe(true);
  const sent = api.ofKind("agent").map((r) => [r.usage!.input, r.usage!.cached]);
  expect(sent.length).toBe(firstPrompt.length + 2);
  // the last answer's count reaches the rollout after the last hook ran: the session's next hook reads it
  expect(rows.map((r) => [r.input + r.cache_read, r.cache_read])).toEqual(sent.slice(0, -1));
});

test("the project note written in Codex reaches a Claude Code session of the same repository (through the worktree's memory file alone)", async () => {
  expect(readFileSync(join(project.dir, ".opencode", "hud", "memory.md"), "utf8")).toContain(NOTE);
  expect(await hudOfAnotherHostsSession(project)).toContain(NOTE);
}, 120_000);

const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
const GITHUB_TOKEN = `ghp_${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 30)}${pick("0123456789", 6)}`;

test("switched off with `agent-hud off --project`: the resumed prompt's hooks add no HUD; `agent-hud on` from the agent's shell call brings one back on the next request", async () => {
  expect(thread).not.toBe("");
  const cli = [process.execPath, join(PLUGIN_DIR, "dist", "cli", "index.js")];
  const off = Bun.spawnSync([...cli, "off", "--project", project.dir], { cwd: project.dir, env: codexEnv(project) });
  expect({ code: off.exitCode, out: off.stdout.toString() + off.stderr.toString() }).toMatchObject({ code: 0 });
  expect(off.stdout.toString()).toContain("HUD off for every session of the project");
  const previous = api.ofKind("agent").at(-1)!;
  const before = api.requests.length;
  // one process: the switch back on runs between two requests of the same prompt, as a person's terminal would
  const on = [...cli, "on", "--project", project.dir].map((a) => `'${a}'`).join(" ");
  api.script(
    { calls: [{ name: "exec_command", callId: "sh2", args: { cmd: `${on} && echo "gh ${GITHUB_TOKEN}"` } }] },
    { text: "back on" },
  );
  await exec(project, "and now?", { resume: thread });
  const agents = api.requests.slice(before).filter((r) => r.kind === "agent");
  expect(agents.length).toBe(2);
  // off: the HUD texts are the replayed history's, no more (a resume adds a full copy when on)
  expect(hudTexts(agents[0]!)).toEqual(hudTexts(previous));
  expect(outputOf(agents[1]!, "sh2")).toContain("HUD on for every session of the project");
  expect(outputOf(agents[1]!, "sh2")).toContain(GITHUB_TOKEN);
  const back = hudTexts(agents[1]!).slice(hudTexts(agents[0]!).length);
  expect(back.length).toBe(1);
  expect(back[0]).toMatch(/<agent-hud>|^HUD update:/);
}, 120_000);

test("a secret the shell call printed is in no file under the data folder (the rollout-derived recall store included); the redacted line is", () => {
  const root = join(project.root, "data");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
  expect(files.map((f) => f.path.split("/").at(-1))).toContain("hud.db");
  expect(files.some((f) => f.bytes.includes("[redacted:"))).toBe(true);
  for (const { path, bytes } of files)
    for (let i = 0; i + 8 <= GITHUB_TOKEN.length; i++)
      expect({ path, found: bytes.includes(GITHUB_TOKEN.slice(i, i + 8)) }).toEqual({ path, found: false });
});

const SUBTASK = `SUBTASK ${crypto.randomUUID().slice(0, 8)}: add the sub-agent's notes`;
const SUB_PATCH = ["*** Begin Patch", "*** Add File: notes/sub.txt", "+from the sub-agent", "*** End Patch", ""].join(
  "\n",
);
/** Codex 0.145.0 to 0.171.0 defer the multi-agent tools (multi_agent, on by default) behind tool_search. */
const AGENTS_NAMESPACE = "multi_agent_v1";
/** The sub-agent's calls report counts no call of the parent's can have. */
const SUB_USAGE = [7_001, 7_003];
const isSubAgent = (body: RecordedRequest["body"]) =>
  body.input.some((i) => i.type === "message" && i.role === "user" && itemText(i).includes(SUBTASK));

test("a sub-agent (spawn_agent) gets the parent's HUD once, with the note, and an update for its own patch; the parent's requests get no second full copy, and its next update names the sub-agent's file", async () => {
  expect(thread).not.toBe("");
  const before = api.requests.length;
  api.route(
    isSubAgent,
    {
      calls: [
        {
          raw: {
            type: "custom_tool_call",
            call_id: "subpatch",
            name: "apply_patch",
            input: SUB_PATCH,
            status: "completed",
          },
        },
      ],
      inputTokens: SUB_USAGE[0],
    },
    { text: "sub-agent done", inputTokens: SUB_USAGE[1] },
  );
  const agentID = (body: RecordedRequest["body"]) =>
    (JSON.parse(outputOf({ body } as RecordedRequest, "spawn1")) as { agent_id: string }).agent_id;
  api.script(
    {
      calls: [
        {
          raw: {
            type: "tool_search_call",
            call_id: "search2",
            status: "completed",
            execution: "client",
            arguments: { query: "spawn a sub-agent" },
          },
        },
      ],
    },
    { calls: [{ namespace: AGENTS_NAMESPACE, name: "spawn_agent", callId: "spawn1", args: { message: SUBTASK } }] },
    (body) => ({
      calls: [
        {
          namespace: AGENTS_NAMESPACE,
          name: "wait_agent",
          callId: "wait1",
          args: { targets: [agentID(body)], timeout_ms: 60_000 },
        },
      ],
    }),
    { text: "the sub-agent finished" },
  );
  await exec(project, "delegate the notes", { resume: thread });
  const mine = api.requests.slice(before).filter((r) => r.kind === "agent");
  const child = mine.filter((r) => isSubAgent(r.body));
  const parent = mine.filter((r) => !isSubAgent(r.body));
  expect([child.length, parent.length]).toEqual([2, 4]);

  // the sub-agent's first request: the parent's HUD, whole, once, with the note saying whose it is
  const [opening, after] = child as [RecordedRequest, RecordedRequest];
  expect(fullCopies(opening).length).toBe(1);
  expect(hudTexts(opening).length).toBe(1);
  expect(fullCopies(opening)[0]).toContain("You are a sub-agent");
  expect(hudTexts(opening).join("\n").split(TASK).length - 1).toBe(1);
  // its patch: an update against its own copy, not a second full one
  const update = hudTexts(after).slice(1);
  expect(update.length).toBe(1);
  expect(update[0]).toStartWith("HUD update:");
  expect(update[0]).toContain("notes/sub.txt");

  // the parent: the resumed session's full copy and nothing whole after it; the sub-agent's file comes as an update
  const copies = fullCopies(parent[0]!).length;
  for (const request of parent) {
    expect(fullCopies(request).length).toBe(copies);
    for (const text of hudTexts(request)) expect(text).not.toContain("You are a sub-agent");
  }
  const added = hudTexts(parent.at(-1)!).slice(hudTexts(parent[0]!).length);
  expect(added.length).toBeGreaterThan(0);
  expect(added.every((t) => t.startsWith("HUD update:"))).toBe(true);
  expect(added.join("\n")).toContain("notes/sub.txt");

  // the cache ledger holds the parent's calls (the counts of the last two reach the rollout after the hook that
  // would read them), none of the sub-agent's, whose rollout is its own
  const db = new Database(join(project.root, "data", "opencode", "hud", "hud.db"), { readonly: true });
  const rows = db.query("SELECT input, cache_read FROM hud_cache_calls WHERE session_id = ?").all(thread) as Array<{
    input: number;
    cache_read: number;
  }>;
  db.close();
  const counted = rows.map((r) => r.input + r.cache_read);
  for (const request of parent.slice(0, -2)) expect(counted).toContain(request.usage!.input);
  expect(child.map((r) => r.usage!.input)).toEqual(SUB_USAGE);
  for (const input of SUB_USAGE) expect(counted).not.toContain(input);
}, 120_000);
