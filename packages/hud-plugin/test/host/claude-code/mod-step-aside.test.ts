// Where agent-hud's Claude Code mod runs (AGENT_HUD_MOD=1 in the hook's environment), the settings hooks
// leave compaction and usage to it: the summary is told the HUD once, and each request is counted once.
import { describe, expect, test } from "bun:test";
import { readCalls } from "../../../src/cache-ledger/table.ts";
import { storageDirFor } from "../../../src/config/storage-dir.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { MOD_ENV } from "../../../src/host/claude-code/mod-active.ts";
import { createLogger } from "../../../src/log/index.ts";
import { HudBoard } from "../../../src/store/board.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});
const withMod = { ...process.env, [MOD_ENV]: "1" };

function callsOf(project: string, sessionID: string) {
  const board = HudBoard.open(storageDirFor(project, undefined, process.env), () => {});
  try {
    return board.use("read", (db) => readCalls(db, sessionID), []);
  } finally {
    board.close();
  }
}

describe("the settings hooks beside the mod", () => {
  test("PreCompact says nothing where the mod runs, and gives the summary the state where it does not", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log, withMod);
    expect(await handleHook(s.input("PreCompact", { trigger: "auto" }), log, withMod)).toBeUndefined();
    const without = await handleHook(s.input("PreCompact", { trigger: "auto" }), log, process.env);
    expect(without?.text).toContain("## Your HUD (durable working state)");
  });

  test("the transcript's usage is not recorded where the mod runs (it records turn.step's), and is where it does not", async () => {
    const usage = { input_tokens: 5, cache_read_input_tokens: 4000, cache_creation_input_tokens: 0, output_tokens: 9 };
    for (const env of [withMod, process.env]) {
      const s = claudeSession();
      await handleHook(s.input("SessionStart", { source: "startup" }), log, env);
      s.user("list the files");
      s.assistant([{ type: "text", text: "ok" }], usage);
      await handleHook(s.input("UserPromptSubmit"), log, env);
      expect(callsOf(s.project, s.sessionID)).toHaveLength(env === withMod ? 0 : 1);
    }
  });
});
