// The cache ledger from Claude Code's transcript: hooks that each run as a process of their own read the
// lines written since the previous hook and record each main-loop answer once, judged on the only evidence
// the transcript holds (request times and compactions).
import { describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { readCalls } from "../../../src/cache-ledger/table.ts";
import type { LedgerCall } from "../../../src/cache-ledger/types.ts";
import { runCache } from "../../../src/cli/cache.ts";
import { storageDirFor } from "../../../src/config/storage-dir.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { statusLine } from "../../../src/host/claude-code/statusline.ts";
import { createLogger } from "../../../src/log/index.ts";
import { HudBoard } from "../../../src/store/board.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});
const START = Date.UTC(2026, 10, 26, 12, 0, 0);

type Usage = { input: number; read: number; write: number; output: number };

/** A recorded transcript written line by line, each line at a time the test sets (seconds from START). */
function recorded() {
  const s = claudeSession();
  const line = (entry: Record<string, unknown>, second: number) =>
    appendFileSync(
      s.transcript,
      `${JSON.stringify({ uuid: crypto.randomUUID(), sessionId: s.sessionID, timestamp: new Date(START + second * 1000).toISOString(), ...entry })}\n`,
    );
  return {
    ...s,
    prompt: (text: string, second: number) => line({ type: "user", message: { role: "user", content: text } }, second),
    answer(id: string, u: Usage, second: number, content: unknown[] = [{ type: "text", text: "ok" }]) {
      const usage = {
        input_tokens: u.input,
        cache_read_input_tokens: u.read,
        cache_creation_input_tokens: u.write,
        output_tokens: u.output,
      };
      line(
        { type: "assistant", message: { id, role: "assistant", model: "claude-sonnet-4-5", content, usage } },
        second,
      );
    },
    line,
    hook: (event: string, extra: Record<string, unknown> = {}) => handleHook(s.input(event, extra), log),
    calls(): LedgerCall[] {
      const board = HudBoard.open(storageDirFor(s.project, undefined, process.env), () => {});
      try {
        return board.use("read", (db) => readCalls(db, s.sessionID), []);
      } finally {
        board.close();
      }
    },
    status: () => statusLine(JSON.stringify({ session_id: s.sessionID, cwd: s.project }), process.env),
  };
}

describe("Claude Code cache ledger", () => {
  test("a clean session: one call per answer, across hooks, and the hit share the transcript reported", async () => {
    const t = recorded();
    await t.hook("SessionStart", { source: "startup" });
    t.prompt("list the files", 1);
    await t.hook("UserPromptSubmit");
    // one answer written as two lines (text, then the tool call), the second with the final output count
    t.answer("msg_1", { input: 3, read: 0, write: 4000, output: 1 }, 3);
    await t.hook("PostToolBatch");
    t.answer("msg_1", { input: 3, read: 0, write: 4000, output: 40 }, 4, [
      { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
    ]);
    t.line(
      {
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "a.ts" }] },
      },
      5,
    );
    t.answer("msg_2", { input: 5, read: 4000, write: 120, output: 30 }, 7);
    await t.hook("PostToolBatch");
    t.prompt("and the tests?", 20);
    t.answer("msg_3", { input: 4, read: 4120, write: 90, output: 25 }, 22);
    await t.hook("UserPromptSubmit");
    await t.hook("UserPromptSubmit");

    const calls = t.calls();
    expect(calls.map((c) => [c.call, c.id, c.usage.output, c.bust])).toEqual([
      [1, "msg_1", 40, undefined],
      [2, "msg_2", 30, undefined],
      [3, "msg_3", 25, undefined],
    ]);
    // the request went out when the prompt or tool result was written
    expect(calls.map((c) => (c.at - START) / 1000)).toEqual([1, 5, 20]);
    expect(calls.every((c) => c.spent === undefined && c.saved === undefined)).toBe(true);
    const read = 4000 + 4120;
    const prompt = 4003 + 4125 + 4214;
    expect(t.status()).toEndWith(` · cache ${Math.round((read / prompt) * 100)}% · no bust`);

    const out: string[] = [];
    const code = runCache(["--session", t.sessionID, "--json", "--project", t.project], {
      cwd: t.project,
      tty: false,
      out: (text) => out.push(text),
      err: (text) => out.push(text),
    });
    expect(code).toBe(0);
    const { summary } = JSON.parse(out.join("")) as { summary: { calls: number; hitShare: number; busts: number } };
    expect(summary).toMatchObject({ calls: 3, busts: 0 });
    expect(summary.hitShare).toBeCloseTo(read / prompt, 10);
  });

  test("a pause past the lifetime is named expiry", async () => {
    const t = recorded();
    t.prompt("one", 0);
    t.answer("msg_a", { input: 3, read: 0, write: 5000, output: 10 }, 2);
    await t.hook("UserPromptSubmit");
    t.prompt("two, ten minutes later", 600);
    t.answer("msg_b", { input: 3, read: 0, write: 5100, output: 10 }, 603);
    await t.hook("UserPromptSubmit");
    const bust = t.calls()[1]!.bust!;
    expect(bust.cause).toBe("expired");
    expect(bust.also).toEqual([]);
    expect(bust.idleSeconds).toBe(600);
    expect(t.status()).toStartWith("cache 0% · 1 bust · ");
  });

  test("a compaction is named a history rewrite once; the same drop without one is unknown", async () => {
    const t = recorded();
    t.prompt("start", 0);
    t.answer("msg_1", { input: 3, read: 0, write: 90_000, output: 10 }, 2);
    await t.hook("UserPromptSubmit");
    await t.hook("PreCompact");
    t.line({ type: "system", subtype: "compact_boundary", content: "Conversation compacted" }, 10);
    t.line({ type: "user", isCompactSummary: true, message: { role: "user", content: "summary of it all" } }, 11);
    await t.hook("SessionStart", { source: "compact" });
    t.prompt("carry on", 12);
    t.answer("msg_2", { input: 3, read: 3000, write: 2000, output: 10 }, 14);
    await t.hook("UserPromptSubmit");
    t.prompt("more", 15);
    t.answer("msg_3", { input: 3, read: 5000, write: 100, output: 10 }, 16);
    await t.hook("UserPromptSubmit");
    // a drop nothing in the transcript explains: no compaction, no pause
    t.prompt("again", 20);
    t.answer("msg_4", { input: 3, read: 0, write: 5200, output: 10 }, 21);
    await t.hook("UserPromptSubmit");

    const [, second, third, fourth] = t.calls();
    expect(second!.bust).toMatchObject({ cause: "history", compaction: true, also: [] });
    expect(third!.bust).toBeUndefined();
    expect(fourth!.bust).toMatchObject({ cause: "unknown", missing: ["system", "tools", "messages"] });
    expect(fourth!.bust!.compaction).toBeUndefined();
  });

  test("the SessionStart(compact) hook alone marks the next call, even in a later hook", async () => {
    const t = recorded();
    t.prompt("start", 0);
    t.answer("msg_1", { input: 3, read: 0, write: 50_000, output: 10 }, 2);
    await t.hook("UserPromptSubmit");
    await t.hook("SessionStart", { source: "compact" });
    await t.hook("UserPromptSubmit");
    t.prompt("next", 5);
    t.answer("msg_2", { input: 3, read: 2000, write: 3000, output: 10 }, 6);
    await t.hook("UserPromptSubmit");
    expect(t.calls()[1]!.bust).toMatchObject({ cause: "history", compaction: true });
  });

  test("sub-agent lines and placeholder answers are no main-loop calls", async () => {
    const t = recorded();
    t.prompt("start", 0);
    t.answer("msg_1", { input: 3, read: 0, write: 4000, output: 10 }, 1);
    t.line(
      {
        type: "assistant",
        isSidechain: true,
        message: { id: "msg_side", role: "assistant", content: [], usage: { input_tokens: 9, output_tokens: 9 } },
      },
      2,
    );
    t.line(
      {
        type: "assistant",
        message: {
          id: "msg_err",
          role: "assistant",
          model: "<synthetic>",
          content: [],
          // counts as a real answer would carry them: only the model tells the placeholder apart
          usage: { input_tokens: 40, output_tokens: 5, cache_read_input_tokens: 3000 },
        },
      },
      3,
    );
    await t.hook("UserPromptSubmit");
    expect(t.calls().map((c) => c.id)).toEqual(["msg_1"]);
  });
});
