import { describe, expect, test } from "bun:test";
import { createLogger } from "../../../src/log/index.ts";
import { handleHook, runHook } from "../../../src/host/claude-code/handle.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { claudeSession } from "./fixture.ts";

const lines: string[] = [];
const log = createLogger(undefined, (line) => lines.push(line));

async function tool(project: string, sessionID: string, args: unknown): Promise<string> {
  const opened = openHud({ directory: project, worktree: project, log })!;
  try {
    return await hudTool(opened.deps).execute(args, { sessionID });
  } finally {
    opened.dispose();
  }
}

describe("Claude Code hooks", () => {
  test("start: the lead and a full HUD; unchanged: nothing; a change: a change list", async () => {
    const s = claudeSession();
    s.user("fix the flaky parser test");
    const start = await handleHook(s.input("SessionStart", { source: "startup" }), log);
    expect(start?.event).toBe("SessionStart");
    expect(start?.text).toContain("# Agent HUD");
    expect(start?.text).toContain("<agent-hud>");
    expect(await handleHook(s.input("UserPromptSubmit"), log)).toBeUndefined();
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "make the parser test stable" } });
    const after = await handleHook(s.input("PostToolBatch"), log);
    expect(after?.text).toContain("HUD update:");
    expect(after?.text).toContain("+ make the parser test stable");
    expect(after?.text).not.toContain("# Agent HUD");
  });

  test("the lead names hud_compact where agent-hud's mod runs (it starts the compaction), and nowhere else", async () => {
    const s = claudeSession();
    const plain = await handleHook(s.input("SessionStart", { source: "startup" }), log, {});
    expect(plain?.text).toContain("# Agent HUD");
    expect(plain?.text).not.toContain("hud_compact");
    // the mod said hello after the first hook: the next hook tells the tool once, even with the HUD unchanged
    const mod = { AGENT_HUD_MOD: "1" };
    const told = await handleHook(s.input("UserPromptSubmit"), log, mod);
    expect(told?.text).toStartWith("When the HUD says context is nearly full");
    expect(told?.text).toContain("call `hud_compact` (`mcp__plugin_agent-hud_hud__hud_compact`)");
    expect(told?.text).not.toContain("<agent-hud>");
    expect(await handleHook(s.input("PostToolBatch"), log, mod)).toBeUndefined();
    // a lead written while the mod runs names it, and nothing after repeats it
    const withMod = await handleHook(s.input("SessionStart", { source: "compact" }), log, mod);
    expect(withMod?.text).toContain("call `hud_compact` (`mcp__plugin_agent-hud_hud__hud_compact`)");
    expect(await handleHook(s.input("UserPromptSubmit"), log, mod)).toBeUndefined();
  });

  test("the transcript's tool calls, usage and texts reach the HUD and recall", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    s.user("what is in the config?");
    s.assistant(
      [{ type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: `${s.project}/src/config.ts` } }],
      {
        input_tokens: 90_000,
        output_tokens: 10,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    );
    s.user([{ type: "tool_result", tool_use_id: "toolu_1", content: "export const zebraphone = 42" }]);
    const batch = await handleHook(s.input("PostToolBatch"), log);
    expect(batch?.text).toContain("src/config.ts");
    expect(batch?.text).toMatch(/\+ .*50%/);
    const found = await tool(s.project, s.sessionID, { tool: "search", args: { query: "zebraphone" } });
    expect(found).toContain("zebraphone");
  });

  test("PostToolBatch's own tool_calls count when the transcript does not hold the batch yet, and only once", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    const batch = [
      {
        tool_name: "Read",
        tool_input: { file_path: `${s.project}/docs/guide.md` },
        tool_use_id: "toolu_b1",
        tool_response: "# Guide",
      },
    ];
    const after = await handleHook(s.input("PostToolBatch", { tool_calls: batch }), log);
    expect(after?.text).toContain("docs/guide.md");
    // the transcript catches up with the same call: nothing new to say
    s.assistant([
      { type: "tool_use", id: "toolu_b1", name: "Read", input: { file_path: `${s.project}/docs/guide.md` } },
    ]);
    s.user([{ type: "tool_result", tool_use_id: "toolu_b1", content: "# Guide" }]);
    expect(await handleHook(s.input("UserPromptSubmit"), log)).toBeUndefined();
  });

  test("compaction: PreCompact gives the summary the state, SessionStart(compact) a full copy", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await tool(s.project, s.sessionID, { tool: "notes.add", args: { content: "the lexer drops a trailing CR" } });
    const pre = await handleHook(s.input("PreCompact", { trigger: "auto" }), log);
    expect(pre?.plain).toBe(true);
    expect(pre?.text).toContain("the lexer drops a trailing CR");
    s.user("This session is being continued from a previous conversation. <summary>we fixed the lexer</summary>", {
      isCompactSummary: true,
    });
    const back = await handleHook(s.input("SessionStart", { source: "compact" }), log);
    expect(back?.text).toContain("<agent-hud>");
    expect(back?.text).toContain("the lexer drops a trailing CR");
  });

  test("the first HUD after a compaction is sized for what it left, also in a server that measured the calls before", async () => {
    const s = claudeSession();
    // the session's MCP server: one runtime for every hook, so the usage it recorded stays in memory
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    try {
      const env = { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" };
      await runHook(opened.deps, s.input("SessionStart", { source: "startup" }), env);
      await hudTool(opened.deps).execute(
        { tool: "notes.add", args: { content: "the lexer drops a trailing CR" } },
        { sessionID: s.sessionID },
      );
      s.assistant([{ type: "text", text: "long answer" }], { input_tokens: 97_000, output_tokens: 100 });
      expect((await runHook(opened.deps, s.input("PostToolBatch"), env))?.text).toBeUndefined();
      s.user("This session is being continued from a previous conversation. <summary>lexer</summary>", {
        isCompactSummary: true,
      });
      const back = await runHook(opened.deps, s.input("SessionStart", { source: "compact" }), env);
      expect(back?.text).toContain("the lexer drops a trailing CR");
      expect(back?.text).not.toContain("⚠");
      expect(back?.text).not.toContain("minimal HUD");
    } finally {
      opened.dispose();
    }
  });

  test("past Claude Code's compaction point a prompt appends no change list: the summary will drop its copy", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    // 180k usable (200k less the output reserve); Claude Code compacts 13k before that
    s.assistant([{ type: "text", text: "long answer" }], { input_tokens: 168_000, output_tokens: 100 });
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "finish the importer" } });
    expect(await handleHook(s.input("UserPromptSubmit"), log)).toBeUndefined();
    // no compaction came (auto-compact off): the next hook sends a full copy, not a list against a lost one
    const next = await handleHook(s.input("PostToolBatch"), log);
    expect(next?.text).toContain("<agent-hud>");
    expect(next?.text).toContain("finish the importer");
  });

  test("below it, a change is a list as usual", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    s.assistant([{ type: "text", text: "answer" }], { input_tokens: 150_000, output_tokens: 100 });
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "finish the importer" } });
    expect((await handleHook(s.input("UserPromptSubmit"), log))?.text).toContain("HUD update:");
  });

  test("a sub-agent is shown its parent's task; a resumed session its state", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "port the CLI to Bun" } });
    const sub = await handleHook(s.input("SubagentStart", { agent_id: "a1", agent_type: "Explore" }), log);
    expect(sub?.text).toContain("sub-agent");
    expect(sub?.text).toContain("port the CLI to Bun");
    const resumed = await handleHook(s.input("SessionStart", { source: "resume" }), log);
    expect(resumed?.text).toContain("port the CLI to Bun");
  });

  test("a sub-agent's tool batches get lists against its own copy; the parent's conversation is not affected", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await handleHook(s.input("SubagentStart", { agent_id: "agent-7", agent_type: "general-purpose" }), log);
    await tool(s.project, s.sessionID, { tool: "notes.add", args: { content: "the cache key includes the locale" } });
    const sub = await handleHook(s.input("PostToolBatch", { agent_id: "agent-7" }), log);
    expect(sub?.text).toContain("HUD update:");
    expect(sub?.text).toContain("+ ");
    expect(sub?.text).toContain("the cache key includes the locale");
    // the parent has not seen the change yet: its next batch carries it too
    const parent = await handleHook(s.input("PostToolBatch"), log);
    expect(parent?.text).toContain("the cache key includes the locale");
    // an unknown sub-agent (its start was missed) is given a full copy
    const unknown = await handleHook(s.input("PostToolBatch", { agent_id: "agent-8" }), log);
    expect(unknown?.text).toContain("<agent-hud>");
    expect(unknown?.text).toContain("sub-agent");
  });

  test("the person's switch holds for every hook: the main loop, a sub-agent's start and its tool batches", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await handleHook(s.input("SubagentStart", { agent_id: "agent-1", agent_type: "Explore" }), log);
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "rotate the signing keys" } });
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    try {
      opened.deps.board.setOff(s.sessionID, true, Date.now());
    } finally {
      opened.dispose();
    }
    expect(await handleHook(s.input("PostToolBatch"), log)).toBeUndefined();
    expect(
      await handleHook(s.input("SubagentStart", { agent_id: "agent-2", agent_type: "Explore" }), log),
    ).toBeUndefined();
    expect(await handleHook(s.input("PostToolBatch", { agent_id: "agent-1" }), log)).toBeUndefined();
    // on again: the change reaches the main loop and the sub-agent that missed it
    const back = openHud({ directory: s.project, worktree: s.project, log })!;
    try {
      back.deps.board.setOff(s.sessionID, false, Date.now());
    } finally {
      back.dispose();
    }
    expect((await handleHook(s.input("PostToolBatch"), log))?.text).toContain("rotate the signing keys");
    expect((await handleHook(s.input("PostToolBatch", { agent_id: "agent-1" }), log))?.text).toContain(
      "rotate the signing keys",
    );
  });

  test("a new session of the same project is offered the last unfinished task", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    await tool(s.project, s.sessionID, { tool: "task.set", args: { description: "migrate the store schema" } });
    await handleHook(s.input("SessionEnd", { reason: "exit" }), log);
    const next = { ...s.input("SessionStart", { source: "startup" }), session_id: crypto.randomUUID() };
    const offered = await handleHook(next, log);
    expect(offered?.text).toContain("migrate the store schema");
  });

  test("a bad session id or an unknown event gives nothing and throws one line", async () => {
    const s = claudeSession();
    expect(await handleHook(s.input("PreToolUse"), log)).toBeUndefined();
    await expect(handleHook({ ...s.input("SessionStart"), session_id: "../x" }, log)).rejects.toThrow(
      /invalid session id/,
    );
  });
});
