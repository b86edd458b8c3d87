// agent-hud in the real Codex CLI, installed as a person does (`codex plugin marketplace add`, then `codex plugin
// add`), against a scripted Responses API. Few Codex processes: one prompt runs many model calls (tool_search,
// the `hud` call, a patch, a shell command), and one resumed prompt carries the compaction.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  CODEX_MARKET_ROOT,
  CODEX_PLUGIN_ROOT,
  createCodexProject,
  exec,
  HUD_NAMESPACE,
  installPlugin,
  type CodexProject,
} from "../../harness/codex.ts";
import { developerTexts, FakeOpenAI, itemText, type RecordedRequest } from "../../harness/fake-openai.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";

const api = new FakeOpenAI({ summary: "We were shipping the Codex host." }).start();
let project: CodexProject;
let thread = "";

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
      calls: [
        {
          namespace: HUD_NAMESPACE,
          name: "hud",
          callId: "hud1",
          args: { tool: "task.set", args: { description: TASK } },
        },
      ],
    },
    {
      calls: [
        {
          raw: { type: "custom_tool_call", call_id: "patch1", name: "apply_patch", input: PATCH, status: "completed" },
        },
      ],
    },
    { text: "done" },
  );
  const run = await exec(project, "start the work");
  thread = run.thread;
  const requests = api.ofKind("agent");
  expect(requests.length).toBe(4);
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
