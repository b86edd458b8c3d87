// The Claude Code harness itself, proven against the real binary with a tiny probe plugin: hook context
// reaches the request, the plugin's MCP tool is called, usage drives a real auto-compaction, --resume continues.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { allTextOf, FakeAnthropic, prefixUnits, sharedPrefix } from "../../harness/fake-anthropic.ts";
import { createClaudeProject, startClaude, type ClaudeProject, type ClaudeSession } from "../../harness/claude.ts";

const PROBE = join(import.meta.dir, "../../fixtures/claude-probe");

let api: FakeAnthropic;
let project: ClaudeProject;
let session: ClaudeSession;

beforeAll(() => {
  api = new FakeAnthropic({ summary: "PROBE-SUMMARY the conversation so far" }).start();
  project = createClaudeProject();
  session = startClaude({
    apiUrl: api.url,
    project,
    pluginDir: PROBE,
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
  });
});

afterAll(async () => {
  await session?.close();
  api?.stop();
  project?.cleanup();
});

const requestText = (index: number) => api.agentRequests()[index]!.body.messages.map(allTextOf).join("\n");

test("hook context reaches the request and the plugin's MCP tool is called", async () => {
  api.script({ toolUses: [{ name: "mcp__plugin_probe_hud__hud", input: { tool: "help" } }] }, { text: "done" });
  const result = await session.send("hello there");
  expect(result.result).toBe("done");
  const [first, second] = api.agentRequests();
  expect(first!.body.tools?.map((t) => t.name)).toContain("mcp__plugin_probe_hud__hud");
  expect(requestText(0)).toContain("SessionStart hook additional context: PROBE SessionStart");
  expect(requestText(0)).toContain("UserPromptSubmit hook additional context: PROBE UserPromptSubmit");
  const messages = second!.body.messages;
  const resultAt = messages.findIndex((m) => allTextOf(m).includes('PROBE-ECHO {"tool":"help"}'));
  expect(resultAt).toBeGreaterThan(0);
  // the batch's context is appended after the tool results, before the call
  expect(messages.at(-1)!.role).toBe("system");
  expect(allTextOf(messages.at(-1)!)).toContain("PostToolBatch hook additional context: PROBE PostToolBatch");
  expect(resultAt).toBe(messages.length - 2);
  // the second call extends the first, so a provider reads the first from its cache
  expect(second!.usage!.cache_read_input_tokens).toBeGreaterThan(first!.usage!.input_tokens / 2);
  expect(sharedPrefix(prefixUnits(second!.body), prefixUnits(first!.body))).toBe(prefixUnits(first!.body).length);
  // Claude Code 2.1.197 asks for nothing this fake does not model beyond its connectivity probe of the root
  expect(api.unknownPaths.filter((path) => path !== "HEAD /")).toEqual([]);
  expect(api.ofKind("count_tokens")).toEqual([]);
});

test("a high input_tokens makes Claude Code compact, and --resume continues the same session", async () => {
  api.script({ text: "big reply", inputTokens: 97_000 }, { text: "after compaction" });
  await session.send("fill the context");
  expect(api.ofKind("compaction")).toHaveLength(0);
  await session.send("go on");
  const [compaction] = api.ofKind("compaction");
  expect(compaction).toBeDefined();
  const after = api.agentRequests().at(-1)!;
  expect(after.index).toBeGreaterThan(compaction!.index);
  expect(after.body.messages.map(allTextOf).join("\n")).toContain("PROBE-SUMMARY the conversation so far");
  const id = session.sessionId;
  await session.close();

  session = startClaude({ apiUrl: api.url, project, pluginDir: PROBE, resume: id });
  api.script({ text: "resumed" });
  const result = await session.send("after the restart");
  expect(result.session_id).toBe(id);
  const resumed = api.agentRequests().at(-1)!.body.messages.map(allTextOf).join("\n");
  expect(resumed).toContain("PROBE-SUMMARY the conversation so far");
  expect(resumed).toContain("after the restart");
});

test("prefix units ignore cache_control and read a string content as one text block", () => {
  const base = { tools: [{ name: "t" }], system: "s", messages: [{ role: "user", content: "hi" }] };
  const marked = {
    tools: [{ name: "t" }],
    system: [{ type: "text", text: "s", cache_control: { type: "ephemeral" } }],
    messages: [{ role: "user", content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }] }],
  };
  expect(prefixUnits(marked)).toEqual(prefixUnits(base));
  const changed = { ...base, messages: [{ role: "user", content: "hello" }] };
  expect(sharedPrefix(prefixUnits(changed), prefixUnits(base))).toBe(2);
});
