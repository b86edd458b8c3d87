// Codex's sub-agents (`spawn_agent`): their hooks carry the parent's session id, the sub-agent's `agent_id`
// and its own rollout as `transcript_path` (0.145.0, 0.171.0). The sub-agent is shown the parent's HUD once,
// gets updates against its own copy, and leaves the parent's copy, read offset and counts alone.
import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { readSessionFile } from "../../../src/append-only/session-file.ts";
import { runCli } from "../../../src/cli/main.ts";
import { handleHook } from "../../../src/host/codex/handle.ts";
import { FOLDER } from "../../../src/host/codex/link.ts";
import { runOwnCall } from "../../../src/append-only/own-calls.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { defaultDir } from "../../../src/store/index.ts";
import { hudTool } from "../../../src/tools/hud.ts";

const log = createLogger(undefined, () => {});

function session() {
  const root = mkdtempSync(join(tmpdir(), "codex-sub-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const rollout = join(root, "rollout-parent.jsonl");
  const childRollout = join(root, "rollout-child.jsonl");
  writeFileSync(rollout, "");
  writeFileSync(childRollout, "");
  const sessionID = crypto.randomUUID();
  let n = 0;
  const record = (path: string, type: string, payload: Record<string, unknown>) =>
    appendFileSync(
      path,
      `${JSON.stringify({ timestamp: new Date(Date.UTC(2026, 10, 29, 2, 0, n++)).toISOString(), type, payload })}\n`,
    );
  const base = (event: string, extra: Record<string, unknown>) => ({
    session_id: sessionID,
    cwd: project,
    hook_event_name: event,
    ...extra,
  });
  return {
    project,
    rollout,
    childRollout,
    sessionID,
    record,
    parent: (event: string, extra: Record<string, unknown> = {}) =>
      handleHook(base(event, { transcript_path: rollout, ...extra }), log),
    child: (agent: string, event: string, extra: Record<string, unknown> = {}) =>
      handleHook(base(event, { transcript_path: childRollout, agent_id: agent, agent_type: "default", ...extra }), log),
    file: () => readSessionFile(defaultDir(), sessionID, FOLDER),
    async hud(tool: string, args: Record<string, unknown>, own = false) {
      const opened = openHud({ directory: project, worktree: project, log })!;
      const call = () => hudTool(opened.deps).execute({ tool, args }, { sessionID });
      if (own) await runOwnCall(opened.deps, sessionID, args, call, FOLDER);
      else await call();
      opened.dispose();
    },
  };
}

const usage = (input: number, total: number) => ({
  type: "token_count",
  info: {
    last_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: 5 },
    total_token_usage: { total_tokens: total },
    model_context_window: 272_000,
  },
});

describe("Codex sub-agents", () => {
  test("SubagentStart: the parent's HUD with the sub-agent note, once; its prompt hook then adds nothing", async () => {
    const s = session();
    await s.parent("SessionStart", { source: "startup" });
    await s.hud("task.set", { description: "port the parser" });
    const start = await s.child("a1", "SubagentStart");
    expect(start?.event).toBe("SubagentStart");
    expect(start?.text).toContain("You are a sub-agent");
    expect(start?.text).toContain("port the parser");
    expect(start?.text.split("<agent-hud>").length).toBe(2);
    // Codex runs UserPromptSubmit for the sub-agent's task right after: its copy is current
    expect(await s.child("a1", "UserPromptSubmit", { prompt: "read the lexer" })).toBeUndefined();
  });

  test("a sub-agent's tool call: an update against its own copy; the parent's next update still names the change against the parent's copy", async () => {
    const s = session();
    await s.parent("SessionStart", { source: "startup" });
    const parentBefore = s.file().emission;
    await s.child("a1", "SubagentStart");
    const patch = "*** Begin Patch\n*** Add File: src/lexer.ts\n+x\n*** End Patch\n";
    const call = { tool_use_id: "c1", tool_name: "apply_patch", tool_input: { command: patch }, tool_response: "ok" };
    const sub = await s.child("a1", "PostToolUse", call);
    expect(sub?.text).toStartWith("HUD update:");
    expect(sub?.text).toContain("src/lexer.ts");
    // the same call again (the rollout and the hook both hold it): applied once, nothing new to say
    expect(await s.child("a1", "PostToolUse", call)).toBeUndefined();
    expect(s.file().emission).toEqual(parentBefore);
    const parent = await s.parent("UserPromptSubmit");
    expect(parent?.text).toStartWith("HUD update:");
    expect(parent?.text).toContain("src/lexer.ts");
  });

  test("the sub-agent's rollout is never read as the parent's: the parent's offset, usage and turns stay (fallback: a missed start gets a full copy)", async () => {
    const s = session();
    s.record(s.rollout, "event_msg", usage(40_000, 40_010));
    await s.parent("SessionStart", { source: "startup" });
    const offset = s.file().offset;
    expect(offset).toBeGreaterThan(0);
    s.record(s.childRollout, "event_msg", usage(9_000, 9_010));
    s.record(s.childRollout, "response_item", {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "child words" }],
    });
    // no SubagentStart was seen for this one: it gets the full copy with the note
    const missed = await s.child("a2", "UserPromptSubmit", { prompt: "go" });
    expect(missed?.text).toContain("You are a sub-agent");
    expect(missed?.text).toContain("<agent-hud>");
    const file = s.file();
    expect(file.offset).toBe(offset);
    expect(file.transcript).toBe(s.rollout);
    expect(file.usage?.tokens.input).toBe(40_000);
    // the parent's next hook reads on from its own offset: no rollout line is taken twice
    expect(await s.parent("UserPromptSubmit")).toBeUndefined();
    expect(s.file().offset).toBe(offset);
  });

  test("a `hud` call while a sub-agent runs is not noted as the parent's; after SubagentStop it is again", async () => {
    const s = session();
    await s.parent("SessionStart", { source: "startup" });
    await s.child("a1", "SubagentStart");
    await s.hud("task.set", { description: "the sub-agent's task" }, true);
    // the call may be the sub-agent's: the parent's next update carries it
    expect((await s.parent("UserPromptSubmit"))?.text).toContain("the sub-agent's task");
    expect(await s.child("a1", "SubagentStop", { transcript_path: s.rollout })).toBeUndefined();
    expect(s.file().subagentRunning).toBeUndefined();
    await s.hud("task.set", { description: "the parent's own task" }, true);
    // the parent's own call told it: no update repeats it
    expect(await s.parent("UserPromptSubmit")).toBeUndefined();
  });

  test("two sub-agents at once: the first one's stop keeps the other running; each keeps its own copy", async () => {
    const s = session();
    await s.parent("SessionStart", { source: "startup" });
    await s.child("a1", "SubagentStart");
    await s.child("a2", "SubagentStart");
    await s.child("a1", "SubagentStop", { transcript_path: s.rollout });
    expect(s.file().subagentRunning).toBe(true);
    expect(Object.keys(s.file().agents ?? {})).toEqual(["a2"]);
    await s.hud("notes.add", { content: "the lexer is frozen" });
    expect((await s.child("a2", "PostToolUse"))?.text).toContain("the lexer is frozen");
    // its compaction took its copy: the next hook gives it the HUD whole again, with the note
    expect(await s.child("a2", "PreCompact", { trigger: "auto" })).toBeUndefined();
    expect((await s.child("a2", "PostToolUse"))?.text).toContain("You are a sub-agent");
  });

  test("the person's switch holds for a sub-agent's start and its tool calls", async () => {
    const s = session();
    await s.parent("SessionStart", { source: "startup" });
    const cli = (word: string) => runCli({ argv: [word], cwd: s.project, tty: false, out: () => {}, err: () => {} });
    expect(await cli("off")).toBe(0);
    expect(await s.child("a1", "SubagentStart")).toBeUndefined();
    expect(await s.child("a1", "PostToolUse")).toBeUndefined();
    expect(await cli("on")).toBe(0);
    // it never received a copy: the first one it gets is whole, with the note
    const back = await s.child("a1", "PostToolUse");
    expect(back?.text).toContain("You are a sub-agent");
    expect(back?.text).toContain("<agent-hud>");
  });
});
