// Off means off through a compaction on Claude Code: PreCompact's summary instructions, the SessionStart
// after it, and the mod's two compaction paths (instructions for Claude Code's summary, agent-hud's own
// summary) carry no HUD text while the person's switch is off, whichever way it was switched: the CLI for the
// project (a host without a UI), or the session's own switch. On again, the HUD is back.
import { afterAll, describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { captureCli } from "../../helpers/run-cli.ts";
import { handleHook } from "../../../src/host/claude-code/handle.ts";
import { answerMod, createModBridge } from "../../../src/host/claude-code/mod-bridge.ts";
import { dropModKey, writeModKey } from "../../../src/host/claude-code/mod-key.ts";
import { HUD_FOLLOWS } from "../../../src/host/claude-code/mod-compaction.ts";
import { createLogger } from "../../../src/log/index.ts";
import { openHud } from "../../../src/runtime/open.ts";
import { hudTool } from "../../../src/tools/hud.ts";
import { claudeSession } from "./fixture.ts";

const log = createLogger(undefined, () => {});
const HUD_TEXT = /<agent-hud>|Agent HUD|Your HUD|rotate the signing keys/;

const cli = (cwd: string, ...argv: string[]) => captureCli({ argv, cwd, tty: false });

describe("the switch through a compaction on Claude Code", () => {
  test("agent-hud off (the project): PreCompact and the SessionStart after it carry nothing; on: both are back", async () => {
    const s = claudeSession();
    await handleHook(s.input("SessionStart", { source: "startup" }), log);
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    await hudTool(opened.deps).execute(
      { tool: "task.set", args: { description: "rotate the signing keys" } },
      {
        sessionID: s.sessionID,
      },
    );
    opened.dispose();
    const off = await cli(s.project, "off");
    expect(off.code).toBe(0);
    expect(off.out).toContain("HUD off for every session of the project");
    expect(await handleHook(s.input("PreCompact", { trigger: "auto" }), log)).toBeUndefined();
    expect(await handleHook(s.input("SessionStart", { source: "compact" }), log)).toBeUndefined();
    expect(await handleHook(s.input("UserPromptSubmit"), log)).toBeUndefined();
    expect((await cli(s.project, "on")).code).toBe(0);
    const told = await handleHook(s.input("PreCompact", { trigger: "auto" }), log);
    expect(told?.text).toMatch(HUD_TEXT);
    const after = await handleHook(s.input("SessionStart", { source: "compact" }), log);
    expect(after?.text).toContain("<agent-hud>");
    expect(after?.text).toContain("rotate the signing keys");
  });

  describe("the mod's compaction operations", () => {
    const s = claudeSession();
    const opened = openHud({ directory: s.project, worktree: s.project, log })!;
    const key = writeModKey(dirname(opened.deps.storePath));
    const bridge = createModBridge(key);
    afterAll(() => {
      dropModKey(key);
      opened.dispose();
    });
    const mod = async (args: Record<string, unknown>) =>
      (await answerMod(opened.deps, bridge, { session: s.sessionID, key: key.secret, ...args })) as { text: string };

    test("instructions (Claude Code writes the summary): none while off, the HUD's when on", async () => {
      await hudTool(opened.deps).execute(
        { tool: "task.set", args: { description: "rotate the signing keys" } },
        {
          sessionID: s.sessionID,
        },
      );
      await mod({ op: "switch", off: true });
      expect((await mod({ op: "instructions" })).text).toBe("");
      await mod({ op: "switch", off: false });
      expect((await mod({ op: "instructions" })).text).toContain("rotate the signing keys");
    });

    test("compact (agent-hud writes the summary): no HUD and no promise of one while off; on, it is promised", async () => {
      opened.deps.board.setProjectOff(opened.deps.projectKey, true, Date.now());
      const off = (await mod({ op: "compact", request: "go on", turns: [] })).text;
      expect(off).not.toMatch(HUD_TEXT);
      expect(off).not.toContain(HUD_FOLLOWS);
      opened.deps.board.setProjectOff(opened.deps.projectKey, false, Date.now());
      expect((await mod({ op: "compact", request: "go on", turns: [] })).text).toContain(HUD_FOLLOWS);
    });
  });
});
