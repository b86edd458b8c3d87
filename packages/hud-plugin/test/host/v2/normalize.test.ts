// opencode 2's event frames, translated straight into the event port (no longer dressed as opencode 1's).
import { describe, expect, test } from "bun:test";
import { normalize } from "../../../src/host/v2/normalize.ts";

const state = () => ({ toolNames: new Map<string, string>(), now: () => 7 });

describe("opencode 2's frames as host events", () => {
  test("a step's end: the answer's usage and model, then the files it changed", () => {
    const frame = {
      type: "session.step.ended",
      created: 4,
      data: {
        sessionID: "ses_1",
        assistantMessageID: "msg_1",
        tokens: { input: 5, output: 1, cache: { read: 50, write: 2 } },
        model: { id: "m", providerID: "p" },
        files: ["/p/a.ts", 3],
      },
    };
    expect(normalize(frame, state())).toEqual([
      {
        kind: "message",
        session: "ses_1",
        id: "msg_1",
        role: "assistant",
        at: 4,
        usage: { input: 5, output: 1, cacheRead: 50, cacheWrite: 2 },
        model: { providerID: "p", modelID: "m" },
      },
      { kind: "activity", session: "ses_1", facts: [{ kind: "file", at: 7, path: "/p/a.ts", edited: true }] },
    ]);
  });

  test("a failed tool call is a failed tool part, named when its input started; the HUD's own tool says so", () => {
    const s = state();
    const frame = (type: string, data: Record<string, unknown>) => ({
      type,
      created: 3,
      data: { sessionID: "ses_1", ...data },
    });
    expect(normalize(frame("session.tool.input.started", { callID: "c1", name: "bash" }), s)).toEqual([]);
    const failed = normalize(
      frame("session.tool.failed", { callID: "c1", assistantMessageID: "msg_1", error: { message: "exit 1" } }),
      s,
    );
    expect(failed).toEqual([
      { kind: "message", session: "ses_1", id: "msg_1", role: "assistant", at: 3 },
      {
        kind: "tool",
        session: "ses_1",
        message: "msg_1",
        id: "c1",
        tool: "bash",
        own: false,
        done: true,
        failed: true,
        output: "exit 1",
        at: 3,
      },
    ]);
    normalize(frame("session.tool.input.started", { callID: "c2", name: "hud" }), s);
    const own = normalize(
      frame("session.tool.success", { callID: "c2", assistantMessageID: "msg_1", content: "ok" }),
      s,
    );
    expect(own[1]).toMatchObject({ kind: "tool", tool: "hud", own: true, failed: false, output: "ok" });
  });

  test("idle, compaction, its failure, a fork and a deletion", () => {
    const one = (type: string, data: Record<string, unknown> = {}) =>
      normalize({ type, data: { sessionID: "ses_2", ...data } }, state());
    expect(one("session.execution.interrupted")).toEqual([{ kind: "idle", session: "ses_2" }]);
    expect(one("session.compaction.ended", { text: "sum" })).toEqual([
      { kind: "compaction", session: "ses_2", summary: "sum" },
    ]);
    expect(one("session.compaction.failed")).toEqual([{ kind: "compaction.failed", session: "ses_2" }]);
    expect(one("session.forked", { parentID: "ses_1" })).toEqual([
      { kind: "sub-agent", session: "ses_2", parent: "ses_1" },
    ]);
    expect(one("session.deleted")).toEqual([{ kind: "session.deleted", session: "ses_2" }]);
    expect(normalize({ type: "session.execution.succeeded", data: {} }, state())).toEqual([]);
  });
});
