import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { isOwnTool, toolFacts } from "../../../src/host/codex/apply-rollout.ts";
import { handleHook } from "../../../src/host/codex/handle.ts";
import { readLink } from "../../../src/host/codex/link.ts";
import { mergeHookCall, readRollout } from "../../../src/host/codex/rollout.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";

const lines: string[] = [];
const log = createLogger(undefined, (line) => lines.push(line));

/** A Codex session as its hooks see it: a git project and a rollout file the test appends records to. */
function codexSession() {
  const root = mkdtempSync(join(tmpdir(), "codex-host-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const rollout = join(root, "rollout.jsonl");
  writeFileSync(rollout, "");
  const sessionID = crypto.randomUUID();
  let n = 0;
  const record = (type: string, payload: Record<string, unknown>) =>
    appendFileSync(
      rollout,
      `${JSON.stringify({ timestamp: new Date(Date.UTC(2026, 10, 29, 1, 0, n++)).toISOString(), type, payload })}\n`,
    );
  return {
    project,
    rollout,
    sessionID,
    record,
    input: (event: string, extra: Record<string, unknown> = {}) => ({
      session_id: sessionID,
      transcript_path: rollout,
      cwd: project,
      hook_event_name: event,
      ...extra,
    }),
  };
}

const PATCH = "*** Begin Patch\n*** Add File: src/plan.ts\n+x\n*** End Patch\n";

describe("Codex rollout", () => {
  test("messages, calls, outputs, the latest usage (uncached input apart) and a compaction's summary", () => {
    const s = codexSession();
    s.record("response_item", { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] });
    s.record("response_item", {
      type: "function_call",
      name: "exec_command",
      arguments: '{"cmd":"ls"}',
      call_id: "c1",
    });
    s.record("response_item", {
      type: "function_call_output",
      call_id: "c1",
      output: "Process exited with code 2\nOutput:\nx",
    });
    s.record("event_msg", {
      type: "token_count",
      info: {
        last_token_usage: { input_tokens: 900, cached_input_tokens: 600, output_tokens: 7 },
        model_context_window: 258_400,
      },
    });
    s.record("compacted", { message: "the summary" });
    appendFileSync(s.rollout, '{"type":"response_item","payload":'); // a line still being written
    const chunk = readRollout(s.rollout, 0);
    expect(chunk.messages.map((m) => [m.role, m.summary, m.texts])).toEqual([
      ["user", false, ["hi"]],
      ["assistant", true, ["the summary"]],
    ]);
    expect(chunk.calls).toMatchObject([{ id: "c1", name: "exec_command", input: { cmd: "ls" } }]);
    expect(chunk.usage?.tokens).toEqual({ input: 300, output: 7, cacheRead: 600, cacheWrite: 0 });
    expect(chunk.usage?.window).toBe(258_400);
    expect(chunk.summary).toBe("the summary");
    const facts = toolFacts(chunk.calls[0]!, chunk.results[0]!, s.project);
    expect(facts).toMatchObject([{ kind: "shell", command: "ls", exit: 2 }]);
    // the partial line is read by the next hook, from where this one stopped
    expect(readRollout(s.rollout, chunk.offset).calls).toEqual([]);
  });

  test("apply_patch's files (the rollout's raw text and PostToolUse's `command`), the hud tool as its own", () => {
    const result = { id: "p", output: "ok", at: 1 };
    for (const input of [PATCH, { command: PATCH }])
      expect(toolFacts({ id: "p", name: "apply_patch", input, at: 1 }, result, "/repo")).toEqual([
        { kind: "file", at: 1, path: "/repo/src/plan.ts", edited: true },
      ]);
    expect(isOwnTool({ name: "hud", namespace: "mcp__hud" })).toBe(true);
    expect(isOwnTool({ name: "mcp__hud__hud" })).toBe(true);
    expect(isOwnTool({ name: "hud" })).toBe(false);
    expect(isOwnTool({ name: "mcp__other__search" })).toBe(false);
  });

  test("a PostToolUse call is applied once, whether the rollout holds it yet or not", () => {
    const hook = { tool_use_id: "t1", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: "a\nb" };
    const first = { offset: 0, messages: [], calls: [], results: [], usage: undefined };
    const seen = mergeHookCall(first, hook, 1, []);
    expect(first.results).toHaveLength(1);
    const again = {
      offset: 0,
      messages: [],
      calls: [],
      results: [{ id: "t1", output: "a\nb", at: 2 }],
      usage: undefined,
    };
    mergeHookCall(again, {}, 2, seen);
    expect(again.results).toEqual([]);
  });
});

describe("Codex hooks", () => {
  test("start: the lead (with the way through tool_search) and a full HUD; a patch: an update naming its file; the same call again: nothing", async () => {
    const s = codexSession();
    const start = await handleHook(s.input("SessionStart", { source: "startup" }), log);
    expect(start?.event).toBe("SessionStart");
    expect(start?.text).toContain("# Agent HUD");
    expect(start?.text).toContain("`tool_search`");
    expect(start?.text).toContain("<agent-hud>");
    // the hud server learns the session and the project from here (the test runner stands for Codex)
    expect(readLink(process.ppid)).toEqual({ session: s.sessionID, directory: s.project });
    expect(await handleHook(s.input("UserPromptSubmit"), log)).toBeUndefined();
    const patch = { tool_use_id: "p1", tool_name: "apply_patch", tool_input: { command: PATCH }, tool_response: "ok" };
    const after = await handleHook(s.input("PostToolUse", patch), log);
    expect(after?.text).toStartWith("HUD update:");
    expect(after?.text).toContain("src/plan.ts");
    expect(after?.text).not.toContain("# Agent HUD");
    expect(await handleHook(s.input("PostToolUse", patch), log)).toBeUndefined();
  });

  test("turns: one per prompt and per answer whose calls ran, not per call of a parallel batch", async () => {
    const s = codexSession();
    const turns = async () => {
      const opened = openHud({ directory: s.project, worktree: s.project, log })!;
      const text = await hudTool(opened.deps).execute({ tool: "snapshot" }, { sessionID: s.sessionID });
      opened.dispose();
      return Number(/(\d+) turns/.exec(text)?.[1]);
    };
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await handleHook(s.input("UserPromptSubmit"), log);
    expect(await turns()).toBe(1);
    // one answer with two calls: both written to the rollout before they run
    for (const id of ["a", "b"])
      s.record("response_item", {
        type: "function_call",
        name: "exec_command",
        arguments: '{"cmd":"ls"}',
        call_id: id,
      });
    for (const id of ["a", "b"]) {
      s.record("response_item", { type: "function_call_output", call_id: id, output: "x" });
      const call = { tool_use_id: id, tool_name: "Bash", tool_input: { command: "ls" }, tool_response: "x" };
      await handleHook(s.input("PostToolUse", call), log);
    }
    expect(await turns()).toBe(2);
  });

  test("PreCompact drops the conversation's copy: the SessionStart after it sends the HUD whole, with the task", async () => {
    const s = codexSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    await hudTool(opened.deps).execute(
      { tool: "task.set", args: { description: "keep the parser" } },
      { sessionID: s.sessionID },
    );
    opened.dispose();
    expect(await handleHook(s.input("PreCompact", { trigger: "auto" }), log)).toBeUndefined();
    s.record("compacted", { message: "summary of the work" });
    const again = await handleHook(s.input("SessionStart", { source: "compact" }), log);
    expect(again?.text).toContain("# Agent HUD");
    expect(again?.text).toContain("keep the parser");
  });
});
