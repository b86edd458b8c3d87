// Off means off on Codex, a host with no switch of its own: after `agent-hud off` for the project no hook
// gives Codex HUD text (start, prompt, tool, the SessionStart after a compaction); `agent-hud on` brings a
// full copy back.
import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import "../../helpers/hermetic-env.ts";
import { runCli } from "../../../src/cli/main.ts";
import { handleHook } from "../../../src/host/codex/handle.ts";
import { createLogger } from "../../../src/log/index.ts";

const log = createLogger(undefined, () => {});

test("agent-hud off: no hook carries the HUD, a compaction's SessionStart neither; agent-hud on: a full copy", async () => {
  const root = mkdtempSync(join(tmpdir(), "codex-off-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const rollout = join(root, "rollout.jsonl");
  writeFileSync(rollout, "");
  const sessionID = crypto.randomUUID();
  const input = (event: string, extra: Record<string, unknown> = {}) => ({
    session_id: sessionID,
    transcript_path: rollout,
    cwd: project,
    hook_event_name: event,
    ...extra,
  });
  const cli = (word: string) => runCli({ argv: [word], cwd: project, tty: false, out: () => {}, err: () => {} });
  expect((await handleHook(input("SessionStart", { source: "startup" }), log))?.text).toContain("# Agent HUD");
  expect(await cli("off")).toBe(0);
  expect(await handleHook(input("SessionStart", { source: "startup" }), log)).toBeUndefined();
  expect(await handleHook(input("UserPromptSubmit"), log)).toBeUndefined();
  expect(await handleHook(input("PreCompact", { trigger: "auto" }), log)).toBeUndefined();
  expect(await handleHook(input("SessionStart", { source: "compact" }), log)).toBeUndefined();
  expect(await cli("on")).toBe(0);
  const back = await handleHook(input("UserPromptSubmit"), log);
  expect(back?.text).toContain("<agent-hud>");
});
