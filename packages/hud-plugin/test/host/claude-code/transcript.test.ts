import { describe, expect, test } from "bun:test";
import { appendFileSync, writeFileSync } from "node:fs";
import { isOwnTool, toolFacts } from "../../../src/host/claude-code/apply-transcript.ts";
import { readTranscript, type TranscriptChunk } from "../../../src/host/claude-code/transcript.ts";
import { claudeSession } from "./fixture.ts";

describe("reading Claude Code's transcript", () => {
  test("texts, tool calls and results, the latest usage, from where the last read stopped", () => {
    const s = claudeSession();
    s.user("first prompt");
    const first = readTranscript(s.transcript, 0);
    expect(first.messages.map((m) => m.texts)).toEqual([["first prompt"]]);
    s.assistant(
      [
        { type: "text", text: "reading it" },
        { type: "tool_use", id: "toolu_9", name: "Read", input: { file_path: "/x/a.ts" } },
      ],
      { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 7 },
    );
    s.user([{ type: "tool_result", tool_use_id: "toolu_9", content: [{ type: "text", text: "line one" }] }]);
    const next = readTranscript(s.transcript, first.offset);
    expect(next.messages.map((m) => m.role)).toEqual(["assistant", "user"]);
    expect(next.calls).toMatchObject([{ id: "toolu_9", name: "Read", input: { file_path: "/x/a.ts" } }]);
    expect(next.results).toMatchObject([{ id: "toolu_9", output: "line one", error: false }]);
    expect(next.usage?.tokens).toEqual({ input: 10, output: 5, cacheRead: 100, cacheWrite: 7 });
    expect(readTranscript(s.transcript, next.offset).messages).toEqual([]);
  });

  test("a line still being written is left for the next read; a broken line is skipped", () => {
    const s = claudeSession();
    appendFileSync(s.transcript, "{not json}\n");
    s.user("whole");
    appendFileSync(s.transcript, '{"type":"user","uuid":"half');
    const chunk = readTranscript(s.transcript, 0);
    expect(chunk.messages.map((m) => m.texts[0])).toEqual(["whole"]);
    appendFileSync(s.transcript, '","message":{"role":"user","content":"done"}}\n');
    expect(readTranscript(s.transcript, chunk.offset).messages.map((m) => m.texts[0])).toEqual(["done"]);
  });

  test("a transcript shorter than the offset is read again from the start", () => {
    const s = claudeSession();
    s.user("one");
    s.user("two");
    const chunk = readTranscript(s.transcript, 0);
    writeFileSync(s.transcript, "");
    s.user("three");
    expect(readTranscript(s.transcript, chunk.offset).messages.map((m) => m.texts[0])).toEqual(["three"]);
  });

  test("the compaction summary is marked; meta lines are not messages", () => {
    const s = claudeSession();
    s.user("summary text", { isCompactSummary: true });
    s.user("<command-name>/x</command-name>", { isMeta: true });
    const chunk = readTranscript(s.transcript, 0);
    expect(chunk.messages).toHaveLength(1);
    expect(chunk.messages[0]!.summary).toBe(true);
  });
});

describe("tool names", () => {
  test("the plugin's own MCP tools are the HUD's own (recall skips them); no other tool is", () => {
    expect(isOwnTool("mcp__plugin_agent-hud_hud__hud")).toBe(true);
    expect(isOwnTool("mcp__other__hud_compact")).toBe(true);
    expect(isOwnTool("mcp__other__hud_history")).toBe(false);
    expect(isOwnTool("hud")).toBe(false);
    expect(isOwnTool("Bash")).toBe(false);
  });

  test("built-ins become file and shell facts by Claude Code's own names and arguments", () => {
    const result = { id: "t", output: "ok", error: false, at: 5 };
    const call = (name: string, input: unknown) => ({ id: "t", name, input, at: 5 });
    expect(toolFacts(call("MultiEdit", { file_path: "/p/a.ts" }), result)).toEqual([
      { kind: "file", at: 5, path: "/p/a.ts", edited: true },
    ]);
    expect(toolFacts(call("Read", { file_path: "/p/a.ts" }), result)).toEqual([
      { kind: "file", at: 5, path: "/p/a.ts", edited: false },
    ]);
    expect(toolFacts(call("NotebookEdit", { notebook_path: "/p/n.ipynb" }), result)).toEqual([
      { kind: "file", at: 5, path: "/p/n.ipynb", edited: true },
    ]);
    expect(toolFacts(call("Bash", { command: "ls" }), result)).toEqual([
      { kind: "shell", at: 5, command: "ls", output: "ok" },
    ]);
    // opencode's names mean nothing here
    expect(toolFacts(call("edit", { filePath: "/p/a.ts" }), result)).toEqual([]);
    expect(toolFacts(call("WebFetch", { url: "x" }), result)).toEqual([]);
  });
});

describe("a hook's batch", () => {
  test("merged into the chunk once: a result applied before is dropped, the memory of applied ids stays short", async () => {
    const { batchOf, mergeBatch } = await import("../../../src/host/claude-code/transcript.ts");
    const batch = batchOf(
      [
        {
          tool_name: "Bash",
          tool_input: { command: "ls" },
          tool_use_id: "t1",
          tool_response: [{ type: "text", text: "a b" }],
        },
        { tool_name: 5, tool_use_id: "bad" },
      ],
      7,
    );
    expect(batch.calls.map((c) => c.id)).toEqual(["t1"]);
    expect(batch.results).toEqual([{ id: "t1", output: "a b", error: false, at: 7 }]);
    const empty = (): TranscriptChunk => ({
      offset: 0,
      messages: [],
      calls: [],
      results: [],
      usage: undefined,
      ledger: [],
    });
    const chunk = empty();
    const seen = mergeBatch(chunk, batch, []);
    expect(chunk.results.map((r) => r.id)).toEqual(["t1"]);
    const again = empty();
    mergeBatch(again, batch, seen);
    expect(again.results).toEqual([]);
    const many = Array.from({ length: 300 }, (_, i) => `x${i}`);
    expect(mergeBatch(empty(), { calls: [], results: [] }, many)).toHaveLength(256);
  });
});
