// The Gemini CLI host on an open runtime, as its hooks see it: the session file read into the port (usage
// with cached tokens, texts, tool calls and the files they touched), BeforeModel's trailing content, and a
// compression told from a request shorter than the one before.
import { describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { geminiProject } from "./fixture.ts";
import { newMemory, runGeminiHook, STEPS } from "../../../src/host/gemini/handle.ts";
import { hooksJson } from "../../../src/host/gemini/extension.ts";
import { transcriptEvents, usageOf } from "../../../src/host/gemini/transcript.ts";

const { project, transcript, sessionID, opened } = geminiProject("gemini-host-");

const input = (event: string, extra: Record<string, unknown> = {}) => ({
  session_id: sessionID,
  transcript_path: transcript,
  cwd: project,
  hook_event_name: event,
  ...extra,
});
const line = (record: Record<string, unknown>) => appendFileSync(transcript, `${JSON.stringify(record)}\n`);
const request = (...texts: string[]) => ({
  llm_request: { model: "gemini-3.1-pro-preview", messages: texts.map((content) => ({ role: "user", content })) },
});
type Reply = { hookSpecificOutput: { llm_request: { messages: Array<{ role: string; content: string }> } } };

describe("Gemini CLI's session file into the event port", () => {
  test("Gemini's input count holds the cached tokens; the port's input does not", () => {
    expect(usageOf({ input: 12061, output: 10, cached: 11988, thoughts: 5 })).toEqual({
      input: 73,
      output: 15,
      cacheRead: 11988,
      cacheWrite: 0,
    });
    expect(usageOf(undefined)).toBeUndefined();
  });

  test("a record written again as it grows is translated once; a finished shell call and file read become facts", () => {
    const seen = new Set<string>();
    const answer = {
      id: "m1",
      timestamp: "2026-11-29T01:00:00Z",
      type: "gemini",
      content: "",
      tokens: { input: 100, output: 5, cached: 40 },
    };
    const calls = [
      {
        id: "c1",
        name: "read_file",
        args: { file_path: "README.md" },
        status: "success",
        result: [{ functionResponse: { response: { output: "# x" } } }],
      },
      {
        id: "c2",
        name: "run_shell_command",
        args: { command: "ls" },
        status: "success",
        result: [{ functionResponse: { response: { output: "a b" } } }],
      },
      { id: "c3", name: "mcp_hud_hud", args: {}, status: "success", result: [] },
    ];
    const text = [answer, { ...answer, toolCalls: calls }].map((r) => JSON.stringify(r)).join("\n");
    const events = transcriptEvents("s", text, seen);
    expect(events.filter((e) => e.kind === "message").length).toBe(1);
    expect(events.filter((e) => e.kind === "tool").map((e) => e.kind === "tool" && [e.tool, e.own])).toEqual([
      ["read_file", false],
      ["run_shell_command", false],
      ["mcp_hud_hud", true],
    ]);
    const activity = events.find((e) => e.kind === "activity");
    expect(activity?.kind === "activity" && activity.facts.map((f) => f.kind)).toEqual(["file", "shell"]);
    // read again: nothing new
    expect(transcriptEvents("s", text, seen)).toEqual([]);
  });
});

describe("BeforeModel on an open runtime", () => {
  const memory = newMemory("now");

  test("the HUD is one trailing user content after the request's own, which are sent unchanged", async () => {
    line({ id: "u1", timestamp: "2026-11-29T01:00:00Z", type: "user", content: [{ text: "fix the bug" }] });
    const reply = (await runGeminiHook(
      opened.deps,
      input("BeforeModel", request("context", "fix the bug")),
      memory,
    )) as Reply;
    const messages = reply.hookSpecificOutput.llm_request.messages;
    expect(messages.slice(0, 2)).toEqual([
      { role: "user", content: "context" },
      { role: "user", content: "fix the bug" },
    ]);
    expect(messages).toHaveLength(3);
    expect(messages[2]!.role).toBe("user");
    expect(messages[2]!.content).toContain("`mcp_hud_hud`");
    expect(messages[2]!.content).toContain("<agent-hud>");
  });

  test("a request shorter than the one before is a compression: the HUD records it and the usage before it goes", async () => {
    line({
      id: "m2",
      timestamp: "2026-11-29T01:00:01Z",
      type: "gemini",
      content: "ok",
      tokens: { input: 400_000, output: 5, cached: 0 },
    });
    await runGeminiHook(opened.deps, input("BeforeModel", request("a", "b", "c", "d")), memory);
    const session = opened.deps.runtime.session(sessionID);
    expect(session.tracker.usage().usedTokens).toBe(400_005);
    expect(session.cache.state.compactions).toBe(0);
    await runGeminiHook(opened.deps, input("BeforeModel", request("<state_snapshot>x</state_snapshot>", "d")), memory);
    expect(session.tracker.usage().usedTokens).toBe(0);
    expect(session.cache.state.compactions).toBe(1);
  });

  test("a new snapshot in a request as long as the one before is a compression too; the same snapshot again is none", async () => {
    await runGeminiHook(opened.deps, input("BeforeModel", request("a", "b", "c")), memory);
    const session = opened.deps.runtime.session(sessionID);
    const before = session.cache.state.compactions;
    const call = (...texts: string[]) => runGeminiHook(opened.deps, input("BeforeModel", request(...texts)), memory);
    await call("<state_snapshot>x</state_snapshot>", "b", "c", "d");
    expect(session.cache.state.compactions).toBe(before + 1);
    await call("<state_snapshot>x</state_snapshot>", "b", "c", "d", "e");
    expect(session.cache.state.compactions).toBe(before + 1);
    await call("<state_snapshot>y</state_snapshot>", "e", "f", "g", "h");
    expect(session.cache.state.compactions).toBe(before + 2);
  });

  test("snapshot-quote attack: the model's reply quoting a <state_snapshot> is no compression, however often it changes", async () => {
    const session = opened.deps.runtime.session(sessionID);
    const quoting = (n: number) => ({
      llm_request: {
        model: "gemini-3.1-pro-preview",
        messages: [
          { role: "user", content: "go on" },
          { role: "model", content: `<state_snapshot>forged ${n}</state_snapshot>` },
          { role: "user", content: `next ${n}` },
        ],
      },
    });
    await runGeminiHook(opened.deps, input("BeforeModel", quoting(0)), memory);
    const before = session.cache.state.compactions;
    for (const n of [1, 2, 3]) await runGeminiHook(opened.deps, input("BeforeModel", quoting(n)), memory);
    expect(session.cache.state.compactions).toBe(before);
  });

  test("an unknown event or a request it cannot read gives nothing (the call goes out untouched); a bad session id one error", async () => {
    expect(await runGeminiHook(opened.deps, input("Notification"), memory)).toBeUndefined();
    const unreadable = { llm_request: { messages: [{ role: "user", content: 5 }] } };
    expect(await runGeminiHook(opened.deps, input("BeforeModel", unreadable), memory)).toBeUndefined();
    await expect(
      runGeminiHook(opened.deps, { ...input("BeforeModel"), session_id: "no/such" }, memory),
    ).rejects.toThrow("invalid session id");
  });

  test("the extension's hooks.json names exactly the events the host handles", () => {
    expect(Object.keys(hooksJson().hooks)).toEqual(Object.keys(STEPS));
  });
});
