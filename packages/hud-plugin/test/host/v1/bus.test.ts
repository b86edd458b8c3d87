// opencode 1's bus events, translated into the event port: what the runtime, recall and the ledger read.
import { describe, expect, test } from "bun:test";
import { fromBus } from "../../../src/host/v1/bus.ts";

const part = (p: Record<string, unknown>) =>
  fromBus({ type: "message.part.updated", properties: { part: { sessionID: "ses_1", messageID: "msg_1", ...p } } }, 9);

describe("opencode 1's bus events as host events", () => {
  test("an answer carries its usage, model, cost and error; a message without ids is nothing", () => {
    const info = {
      id: "msg_1",
      sessionID: "ses_1",
      role: "assistant",
      time: { created: 5 },
      tokens: { input: 10, output: 2, reasoning: 1, cache: { read: 90, write: 0 } },
      providerID: "p",
      modelID: "m",
      cost: 0.5,
      error: { name: "APIError" },
    };
    expect(fromBus({ type: "message.updated", properties: { info } }, 9)).toEqual([
      {
        kind: "message",
        session: "ses_1",
        id: "msg_1",
        role: "assistant",
        at: 5,
        usage: { input: 10, output: 3, cacheRead: 90, cacheWrite: 0 },
        model: { providerID: "p", modelID: "m" },
        failed: true,
        cost: 0.5,
      },
    ]);
    expect(fromBus({ type: "message.updated", properties: { info: { role: "user" } } }, 9)).toEqual([]);
  });

  test("a failed tool call keeps its error as the result and says it failed; a running one is not done", () => {
    const state = { status: "error", input: { filePath: "a.ts" }, error: "no such file", time: { start: 3 } };
    expect(part({ id: "prt_1", type: "tool", tool: "read", state })).toEqual([
      {
        kind: "tool",
        session: "ses_1",
        message: "msg_1",
        id: "prt_1",
        tool: "read",
        own: false,
        done: true,
        failed: true,
        input: { filePath: "a.ts" },
        output: "no such file",
        at: 3,
      },
    ]);
    const running = part({ id: "prt_2", type: "tool", tool: "hud", state: { status: "running" } })[0];
    expect(running).toMatchObject({ kind: "tool", own: true, done: false, failed: false });
  });

  test("text still streaming says so; reasoning and sub-agent prompts are parts of their own kind", () => {
    expect(part({ id: "prt_1", type: "text", text: "hal", time: { start: 1 } })[0]).toMatchObject({ streaming: true });
    expect(part({ id: "prt_1", type: "text", text: "half", time: { start: 1, end: 2 } })[0]).toEqual({
      kind: "text",
      session: "ses_1",
      message: "msg_1",
      id: "prt_1",
      text: "half",
      at: 2,
    });
    expect(part({ id: "prt_2", type: "reasoning", text: "hmm" })[0]?.kind).toBe("reasoning");
    expect(part({ id: "prt_3", type: "subtask", prompt: "look", description: "d" })[0]).toMatchObject({
      kind: "subtask",
      prompt: "look",
      description: "d",
    });
    expect(part({ id: "prt_4", type: "step-start" })).toEqual([]);
  });

  test("sessions: sub-agent, idle in both forms, deletion, compaction with its summary, an edit without a session", () => {
    const info = { id: "ses_2", parentID: "ses_1" };
    expect(fromBus({ type: "session.created", properties: { info } }, 9)).toEqual([
      { kind: "sub-agent", session: "ses_2", parent: "ses_1" },
    ]);
    expect(fromBus({ type: "session.updated", properties: { info: { id: "ses_2" } } }, 9)).toEqual([]);
    expect(fromBus({ type: "session.idle", properties: { sessionID: "ses_1" } }, 9)).toEqual([
      { kind: "idle", session: "ses_1" },
    ]);
    const status = (type: string) => ({ type: "session.status", properties: { sessionID: "ses_1", status: { type } } });
    expect(fromBus(status("idle"), 9)).toEqual([{ kind: "idle", session: "ses_1" }]);
    expect(fromBus(status("busy"), 9)).toEqual([]);
    expect(fromBus({ type: "session.deleted", properties: { info: { id: "ses_1" } } }, 9)).toEqual([
      { kind: "session.deleted", session: "ses_1" },
    ]);
    expect(fromBus({ type: "session.compacted", properties: { sessionID: "ses_1" } }, 9, "read back")).toEqual([
      { kind: "compaction", session: "ses_1", summary: "read back" },
    ]);
    expect(fromBus({ type: "session.compacted", properties: {} }, 9, "x")).toEqual([]);
    expect(fromBus({ type: "file.edited", properties: { file: "/p/a.ts" } }, 9)).toEqual([
      { kind: "activity", facts: [{ kind: "file", at: 9, path: "/p/a.ts", edited: true }] },
    ]);
  });

  test("todos: a malformed entry is skipped, the well-formed ones stay", () => {
    const todos = [
      { content: "a", status: "pending" },
      null,
      { content: "b", status: "odd" },
      { id: "t", content: "c", status: "completed", priority: "high" },
    ];
    expect(fromBus({ type: "todo.updated", properties: { sessionID: "ses_1", todos } }, 9)).toEqual([
      {
        kind: "todos",
        session: "ses_1",
        todos: [
          { id: "1", content: "a", status: "pending" },
          { id: "t", content: "c", status: "completed", priority: "high" },
        ],
      },
    ]);
  });
});
