// Gemini CLI's sub-agents as its hooks show them (verified on 0.61.0): `invoke_agent`'s BeforeTool and AfterTool
// around the sub-agent's own BeforeModel calls, which carry the parent's session id and start with the
// sub-agent's task. The sub-agent gets the parent's HUD once, in its first content, frozen; the parent's turn
// count, ledger and compaction record never see its calls; the parent's switch holds for it.
import { describe, expect, spyOn, test } from "bun:test";
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../../src/cli/main.ts";
import { hooksJson } from "../../../src/host/gemini/extension.ts";
import { newMemory, runGeminiHook, type GeminiMemory } from "../../../src/host/gemini/handle.ts";
import { SUBAGENT_NOTE } from "../../../src/host/gemini/subagents.ts";
import * as transcriptModule from "../../../src/host/gemini/transcript.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { geminiProject } from "./fixture.ts";

const { root, project, transcript, sessionID, opened } = geminiProject("gemini-sub-");
const session = () => opened.deps.runtime.session(sessionID);

const hook = (memory: GeminiMemory, event: string, extra: Record<string, unknown> = {}) =>
  runGeminiHook(
    opened.deps,
    { session_id: sessionID, transcript_path: transcript, cwd: project, hook_event_name: event, ...extra },
    memory,
  );
type Sent = Array<{ role: string; content: string }>;
const call = async (memory: GeminiMemory, ...texts: string[]) => {
  const messages = texts.map((content) => ({ role: "user", content }));
  const reply = (await hook(memory, "BeforeModel", { llm_request: { model: "gemini-3.1-pro-preview", messages } })) as
    { hookSpecificOutput: { llm_request: { messages: Sent } } } | undefined;
  return reply?.hookSpecificOutput.llm_request.messages;
};
const invoke = { tool_name: "invoke_agent", tool_input: { agent_name: "generalist", prompt: "read the readme" } };
const setTask = (description: string) =>
  hudTool(opened.deps).execute({ tool: "task.set", args: { description } }, { sessionID });
const cli = (word: string) =>
  runCli({ argv: [word], cwd: project, tty: false, out: () => {}, err: (t) => void console.error(t) });

/** The parent's bookkeeping a sub-agent's call must leave alone. */
const parentMarks = () => ({
  turns: session().cache.state.turns,
  compactions: session().cache.state.compactions,
  ledger: opened.deps.ledger?.of(session()).latest(),
});

describe("a sub-agent's calls, between invoke_agent's BeforeTool and AfterTool", () => {
  const memory = newMemory("now");
  const parent = ["context and the person's prompt", "a", "b", "c"];

  test("the sub-agent's first content gets the parent's HUD once, the same bytes on every call; no trailing HUD", async () => {
    await setTask("the parent's task");
    const own = await call(memory, ...parent);
    expect(own!.at(-1)!.content).toContain("the parent's task");
    const before = parentMarks();
    expect(await hook(memory, "BeforeTool", invoke)).toBeUndefined();
    const first = await call(memory, "read the readme");
    expect(first).toHaveLength(1);
    expect(first![0]!.content.startsWith("read the readme\n\n")).toBe(true);
    expect(first![0]!.content).toContain(SUBAGENT_NOTE);
    expect(first![0]!.content.match(/<agent-hud>/g)).toHaveLength(1);
    expect(first![0]!.content).toContain("the parent's task");
    // the HUD changes (the sub-agent's own `hud` call edits the parent's): its copy stays as it started
    await setTask("a task changed meanwhile");
    const later = await call(memory, "read the readme", "the file's text");
    expect(later).toEqual([first![0]!, { role: "user", content: "the file's text" }]);
    // fewer contents than the parent's last call: a sub-agent's, no compaction; no turn, no ledger request
    expect(parentMarks()).toEqual(before);
  });

  test("after AfterTool the parent's next call gets the trailing HUD and counts again", async () => {
    expect(await hook(memory, "AfterTool", invoke)).toBeUndefined();
    const turns = session().cache.state.turns;
    const own = await call(memory, ...parent, "the sub-agent's answer");
    expect(own).toHaveLength(6);
    expect(own![0]!.content).toBe(parent[0]!);
    expect(own!.at(-1)!.content).toContain("`mcp_hud_hud`");
    expect(session().cache.state.turns).toBe(turns + 1);
    expect(session().cache.state.compactions).toBe(0);
  });

  test("an invoke_agent that never reached AfterTool ends at the parent's next call (it starts as the parent's did), or at AfterAgent", async () => {
    await hook(memory, "BeforeTool", invoke);
    expect((await call(memory, "a sub-agent's task"))![0]!.content).toContain(SUBAGENT_NOTE);
    const own = await call(memory, ...parent, "aborted");
    expect(own!.at(-1)!.content).toContain("<agent-hud>");
    expect(own![0]!.content).toBe(parent[0]!);
    expect((await call(memory, "a call after it"))!.at(-1)!.content).toContain("<agent-hud>");
    await hook(memory, "BeforeTool", invoke);
    await hook(memory, "AfterAgent");
    expect((await call(memory, "another first content"))!.at(-1)!.content).toContain("`mcp_hud_hud`");
  });

  test("switched off for the parent: the sub-agent's calls go out as they came, its copy too; back on, the same copy", async () => {
    const memory = newMemory("now");
    await call(memory, "the parent");
    await hook(memory, "BeforeTool", invoke);
    const first = await call(memory, "sub task");
    expect(await cli("off")).toBe(0);
    try {
      expect(await call(memory, "sub task", "more")).toBeUndefined();
      expect(await call(memory, "another sub-agent's task")).toBeUndefined();
    } finally {
      expect(await cli("on")).toBe(0);
    }
    expect((await call(memory, "sub task", "more"))![0]).toEqual(first![0]!);
  });

  test("another tool's hook changes nothing (the parent's call is still the parent's)", async () => {
    const memory = newMemory("now");
    await call(memory, "p");
    await hook(memory, "BeforeTool", { tool_name: "read_file" });
    expect((await call(memory, "q"))!.at(-1)!.content).toContain("`mcp_hud_hud`");
  });
});

test("what a sub-agent's tools touched (its own session file, in a folder named for the parent's session) shows in the parent's HUD; its model calls' usage and turns are none of the parent's", async () => {
  const memory = newMemory("now");
  await call(memory, "the parent");
  const usage = session().tracker.usage().usedTokens;
  const before = parentMarks();
  await hook(memory, "BeforeTool", invoke);
  const folder = join(root, sessionID);
  mkdirSync(folder, { recursive: true });
  const answer = {
    id: "g1",
    timestamp: "2026-11-29T01:00:00Z",
    type: "gemini",
    content: "",
    tokens: { input: 90_000 },
  };
  const write = {
    id: "sub#0-0",
    name: "write_file",
    args: { file_path: join(project, "written-by-the-sub-agent.md") },
    status: "success",
    result: [{ functionResponse: { response: { output: "ok" } } }],
  };
  const records = [{ sessionId: "sub", kind: "subagent" }, answer, { ...answer, toolCalls: [write] }];
  writeFileSync(join(folder, "sub.jsonl"), records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  await call(memory, "sub task");
  await hook(memory, "AfterTool", invoke);
  const own = await call(memory, "the parent", "the sub-agent's answer");
  expect(own!.at(-1)!.content).toContain("written-by-the-sub-agent.md");
  expect(session().tracker.usage().usedTokens).toBe(usage);
  // one call of the parent's since: one turn
  expect(session().cache.state.turns).toBe(before.turns + 1);
  expect(session().cache.state.compactions).toBe(before.compactions);
});

/** The parent's first call made and a sub-agent started: the folder Gemini CLI writes its session files to. */
async function subAgentStarted() {
  const memory = newMemory("now");
  await call(memory, "the parent");
  await hook(memory, "BeforeTool", invoke);
  const folder = join(root, sessionID);
  mkdirSync(folder, { recursive: true });
  return { memory, folder };
}

/** A sub-agent's session-file line: one `write_file` call of `file` (a path in the project). */
const writeRecord = (id: string, file: string) =>
  `${JSON.stringify({ id, timestamp: "2026-11-29T01:00:00Z", type: "gemini", content: "", toolCalls: [{ id: `${id}#0`, name: "write_file", args: { file_path: join(project, file) }, status: "success", result: [] }] })}\n`;

test("attack: a pipe or a link put in the sub-agents' folder is never read (only the regular files Gemini CLI writes)", async () => {
  const { memory, folder } = await subAgentStarted();
  const outside = join(root, "outside.jsonl");
  writeFileSync(outside, writeRecord("o1", "named-by-a-link.md"));
  symlinkSync(outside, join(folder, "link.jsonl"));
  expect(Bun.spawnSync(["mkfifo", join(folder, "pipe.jsonl")]).exitCode).toBe(0);
  writeFileSync(join(folder, "real.jsonl"), writeRecord("r1", "written-for-real.md"));
  await hook(memory, "AfterTool", invoke);
  const hud = (await call(memory, "the parent", "the answer"))!.at(-1)!.content;
  expect(hud).toContain("written-for-real.md");
  expect(hud).not.toContain("named-by-a-link.md");
});

test("attack: a sub-agents' folder flooded with files costs a hook a bounded read, and the sub-agent that just ended is still read", async () => {
  const { memory, folder } = await subAgentStarted();
  const old = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < 300; i++) {
    const path = join(folder, `flood-${String(i).padStart(3, "0")}.jsonl`);
    writeFileSync(path, writeRecord(`f${i}`, `flooded-${i}.md`));
    utimesSync(path, old, old);
  }
  writeFileSync(join(folder, "zz-the-real-one.jsonl"), writeRecord("real", "the-real-sub-agent-wrote-this.md"));
  const reads = spyOn(transcriptModule, "readFrom");
  try {
    await hook(memory, "AfterTool", invoke);
    expect(reads.mock.calls.filter(([path]) => path.startsWith(folder)).length).toBe(64);
  } finally {
    reads.mockRestore();
  }
  expect((await call(memory, "the parent", "the answer"))!.at(-1)!.content).toContain(
    "the-real-sub-agent-wrote-this.md",
  );
});

test("the extension's tool hooks run for invoke_agent only; the other hooks for every call", () => {
  const hooks = hooksJson().hooks as Record<string, Array<{ matcher?: string }>>;
  expect(hooks["BeforeTool"]!.map((h) => h.matcher)).toEqual(["^invoke_agent$"]);
  expect(hooks["AfterTool"]!.map((h) => h.matcher)).toEqual(["^invoke_agent$"]);
  expect(hooks["BeforeModel"]!.map((h) => h.matcher)).toEqual([undefined]);
  expect(new RegExp(hooks["BeforeTool"]![0]!.matcher!).test("mcp_hud_hud")).toBe(false);
});
