import { afterAll, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { createLogger } from "../../src/log/index.ts";
import { forward } from "../../src/hook-process/forward.ts";
import { serveHooks } from "../../src/hook-process/hook-socket.ts";
import { openHud } from "../../src/runtime/open.ts";
import type { HookReply } from "../../src/host/claude-code/handle.ts";
import { logDir } from "../../src/host/claude-code/hook-log.ts";
import { claudeHookAnswer } from "../../src/host/claude-code/mcp-server.ts";
import { claudeSession } from "../host/claude-code/fixture.ts";

// the server is keyed to this process's parent, which is also the first process forward() looks under
const s = claudeSession();
const opened = openHud({ directory: s.project, worktree: s.project, log: createLogger(undefined, () => {}) })!;
const seen: string[] = [];
const served = serveHooks(
  logDir(),
  claudeHookAnswer(opened.deps, s.project, (id) => seen.push(id)),
)!;
afterAll(() => {
  served.close();
  opened.dispose();
});

describe("hooks forwarded to the session's MCP server", () => {
  test("the server runs the hook on its open runtime and answers with the reply", async () => {
    expect(statSync(served.path).mode & 0o777).toBe(0o600);
    const answer = await forward<HookReply>(JSON.stringify(s.input("SessionStart", { source: "startup" })), logDir());
    expect(answer?.reply?.event).toBe("SessionStart");
    expect(answer?.reply?.text).toContain("<agent-hud>");
    expect(seen).toEqual([s.sessionID]);
    // nothing changed since: the server answers, with nothing to add
    expect(await forward<HookReply>(JSON.stringify(s.input("UserPromptSubmit")), logDir())).toEqual({ reply: null });
  });

  test("a hook of another project is left to run in-process", async () => {
    const other = claudeSession();
    expect(
      await forward<HookReply>(JSON.stringify(other.input("SessionStart", { source: "startup" })), logDir()),
    ).toBeUndefined();
  });

  test("a failure in the server comes back as one line, not a reply", async () => {
    const answer = await forward<HookReply>(
      JSON.stringify({ ...s.input("PostToolBatch"), session_id: "no/such" }),
      logDir(),
    );
    expect(answer?.reply).toBeUndefined();
    expect(answer?.error).toContain("invalid session id");
  });
});
