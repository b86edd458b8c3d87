// Off means off on Gemini CLI, a host with no switch of its own: `agent-hud off` for the project leaves
// BeforeModel's request as it came (no HUD, no lead); `agent-hud on` brings the trailing HUD back.
import { expect, test } from "bun:test";
import { runCli } from "../../../src/cli/main.ts";
import { newMemory, runGeminiHook } from "../../../src/host/gemini/handle.ts";
import { geminiProject } from "./fixture.ts";

const { project, transcript, sessionID, opened } = geminiProject("gemini-off-");

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
