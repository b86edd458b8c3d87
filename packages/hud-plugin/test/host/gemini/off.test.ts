// Off means off on Gemini CLI, a host with no switch of its own: `agent-hud off` for the project leaves
// BeforeModel's request as it came (no HUD, no lead); `agent-hud on` brings the trailing HUD back.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { runCli } from "../../../src/cli/main.ts";
import { newMemory, runGeminiHook } from "../../../src/host/gemini/handle.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";

const root = mkdtempSync(join(tmpdir(), "gemini-off-"));
const project = join(root, "project");
mkdirSync(join(project, ".git"), { recursive: true });
const transcript = join(root, "session.jsonl");
writeFileSync(transcript, `${JSON.stringify({ sessionId: "s", kind: "main" })}\n`);
const sessionID = crypto.randomUUID();
const opened = openHud({ directory: project, worktree: project, log: createLogger(undefined, () => {}) })!;
afterAll(() => opened.dispose());

const beforeModel = () =>
  runGeminiHook(
    opened.deps,
    {
      session_id: sessionID,
      transcript_path: transcript,
      cwd: project,
      hook_event_name: "BeforeModel",
      llm_request: { model: "gemini-3.1-pro-preview", messages: [{ role: "user", content: "fix the bug" }] },
    },
    newMemory("now"),
  );

const cli = (word: string) =>
  runCli({ argv: [word], cwd: project, tty: false, out: () => {}, err: (t) => void console.error(t) });

test("agent-hud off: BeforeModel adds nothing; agent-hud on: the HUD trails the request again", async () => {
  expect(JSON.stringify(await beforeModel())).toContain("<agent-hud>");
  expect(await cli("off")).toBe(0);
  expect(await beforeModel()).toBeUndefined();
  expect(await cli("on")).toBe(0);
  expect(JSON.stringify(await beforeModel())).toContain("<agent-hud>");
});
