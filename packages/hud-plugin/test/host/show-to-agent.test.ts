// `cacheLedger.showToAgent` in every process-run host: the ledger's line is in the text the agent receives
// (Claude Code's and Codex CLI's appended HUD, Gemini CLI's trailing content), and by default it is not.
// opencode 1's tail is checked in test/cache-ledger/hooks.test.ts.
import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../helpers/hermetic-env.ts";
import { handleHook } from "../../src/host/claude-code/handle.ts";
import { run as runCodexHook } from "../../src/host/codex/handle.ts";
import { newMemory, runGeminiHook } from "../../src/host/gemini/handle.ts";
import { createLogger } from "../../src/log/index.ts";
import { openHud } from "../../src/runtime/open.ts";

const log = createLogger(undefined, () => {});
/** The ledger's line after one call that read nothing from the cache. */
const LINE = "cache 0% · no bust";

/** A git project whose config shows the ledger to the agent, or leaves the default. */
function project(show: boolean) {
  const root = mkdtempSync(join(tmpdir(), "show-to-agent-"));
  const dir = join(root, "project");
  mkdirSync(join(dir, ".git"), { recursive: true });
  if (show) {
    mkdirSync(join(dir, ".opencode"));
    writeFileSync(join(dir, ".opencode", "agent-hud.jsonc"), `{ "cacheLedger": { "showToAgent": true } }`);
  }
  const transcript = join(root, "session.jsonl");
  writeFileSync(transcript, "");
  const sessionID = crypto.randomUUID();
  const input = (event: string, extra: Record<string, unknown> = {}) => ({
    session_id: sessionID,
    transcript_path: transcript,
    cwd: dir,
    hook_event_name: event,
    ...extra,
  });
  return {
    dir,
    transcript,
    sessionID,
    input,
    line: (r: object) => appendFileSync(transcript, `${JSON.stringify(r)}\n`),
  };
}

describe.each([true, false])("showToAgent: %p", (show) => {
  test("Claude Code: the update after the first answer carries the ledger's line only when it is shown", async () => {
    const p = project(show);
    const entry = (second: number, rest: object) => ({
      uuid: crypto.randomUUID(),
      sessionId: p.sessionID,
      timestamp: new Date(Date.UTC(2026, 10, 29, 1, 0, second)).toISOString(),
      ...rest,
    });
    expect((await handleHook(p.input("SessionStart", { source: "startup" }), log, {}))?.text).toContain("<agent-hud>");
    p.line(entry(1, { type: "user", message: { role: "user", content: "list the files" } }));
    const usage = { input_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: 4000, output_tokens: 9 };
    const content = [{ type: "text", text: "ok" }];
    p.line(entry(2, { type: "assistant", message: { id: "msg_1", role: "assistant", content, usage } }));
    const reply = await handleHook(p.input("UserPromptSubmit"), log, {});
    if (show) expect(reply?.text).toContain(`+ ${LINE}`);
    else expect(reply?.text ?? "").not.toContain("cache ");
  });

  test("Codex CLI: the full copy carries the ledger's line only when it is shown", async () => {
    const p = project(show);
    const opened = openHud({ directory: p.dir, worktree: p.dir, log, storedRendersOnly: true })!;
    try {
      // the call as any source of usage reports it: the line is the runtime's, the placement the host's
      const session = opened.deps.runtime.session(p.sessionID);
      const usage = { input: 900, output: 7, cacheRead: 0, cacheWrite: 0 };
      opened.deps.ledger!.report(session, { id: "r1", at: Date.now(), usage });
      const reply = await runCodexHook(
        opened.deps,
        p.dir,
        "SessionStart",
        p.input("SessionStart", { source: "startup" }),
      );
      expect(reply?.text).toContain("<agent-hud>");
      if (show) expect(reply?.text).toContain(LINE);
      else expect(reply?.text).not.toContain("cache ");
    } finally {
      opened.dispose();
    }
  });

  test("Gemini CLI: the trailing content carries the ledger's line only when it is shown", async () => {
    const p = project(show);
    p.line({ sessionId: "s", kind: "main" });
    p.line({ id: "u1", timestamp: "2026-11-29T01:00:00Z", type: "user", content: [{ text: "fix the bug" }] });
    const tokens = { input: 100, output: 5, cached: 0 };
    p.line({ id: "m1", timestamp: "2026-11-29T01:00:01Z", type: "gemini", content: "ok", tokens });
    const opened = openHud({ directory: p.dir, worktree: p.dir, log })!;
    try {
      const messages = [{ role: "user", content: "fix the bug" }];
      const reply = (await runGeminiHook(
        opened.deps,
        p.input("BeforeModel", { llm_request: { model: "gemini-3.1-pro-preview", messages } }),
        newMemory("now"),
      )) as { hookSpecificOutput: { llm_request: { messages: Array<{ content: string }> } } };
      const tail = reply.hookSpecificOutput.llm_request.messages.at(-1)!.content;
      expect(tail).toContain("<agent-hud>");
      if (show) expect(tail).toContain(LINE);
      else expect(tail).not.toContain("cache ");
    } finally {
      opened.dispose();
    }
  });
});
