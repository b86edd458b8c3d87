// Off means off on opencode 1 and 2: with the person's switch off (for the session, for its project, or for
// the parent a sub-agent works for) no request carries HUD text: not the per-call HUD, not its instructions,
// not the compaction prompt. On again, each is back. The switch is written as the TUI and the CLI write it:
// through another connection to the board.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { fakeOpencode, tailText, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { HudBoard, projectKeyFor } from "../../src/store/index.ts";
import { compactionHook, contextHook } from "../../src/host/v2/hooks.ts";
import type { ContextEvent } from "../../src/host/v2/host-api.ts";
import { openHud, type OpenHud } from "../../src/runtime/open.ts";
import { createLogger } from "../../src/log/index.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// what marks HUD text in any request: the markers, the HUD's heading, the instructions' heading
const HUD_TEXT = /<agent-hud>|Agent HUD|Your HUD/;

describe("opencode 1", () => {
  let oc: FakeOpencode;
  let board: HudBoard;
  beforeEach(async () => {
    oc = await fakeOpencode({ placement: "tail" });
    board = HudBoard.open(oc.storageDir);
    await oc.hud("ses_a", "task.set", { description: "Refactor the router" });
  });
  afterEach(async () => {
    board.close();
    await oc.close();
  });

  const request = async (sessionID = "ses_a") => {
    const history = [oc.user(sessionID, "go on")];
    const system = (await oc.system(sessionID)).join("\n");
    const tail = tailText(await oc.transform(history), history) ?? "";
    return `${system}\n${tail}`;
  };
  const compaction = async (sessionID = "ses_a") => {
    const output = { context: [] as string[] };
    await oc.hooks["experimental.session.compacting"]({ sessionID }, output);
    await oc.event("session.compacted", { sessionID });
    return output.context.join("\n");
  };

  test("the session's switch: no preamble, no HUD tail, no compaction context; on again, all back", async () => {
    expect(await request()).toMatch(HUD_TEXT);
    board.setOff("ses_a", true, Date.now());
    expect(await request()).not.toMatch(HUD_TEXT);
    expect(await request()).toContain("You are opencode.");
    expect(await compaction()).toBe("");
    board.setOff("ses_a", false, Date.now());
    expect(await compaction()).toContain("Refactor the router");
    const back = await request();
    expect(back).toContain("# Agent HUD");
    expect(back).toContain("<agent-hud>");
  });

  test("the project's switch (agent-hud off) covers its sessions; a later session switch wins", async () => {
    const key = projectKeyFor(oc.directory);
    board.setProjectOff(key, true, 1_000);
    expect(await request()).not.toMatch(HUD_TEXT);
    expect(await compaction()).toBe("");
    board.setOff("ses_a", false, 2_000);
    expect(await request()).toContain("<agent-hud>");
    board.setProjectOff(key, true, 3_000);
    expect(await request()).not.toMatch(HUD_TEXT);
    board.setProjectOff(key, false, 4_000);
    expect(await compaction()).toContain("Refactor the router");
  });

  test("a sub-agent of a switched-off session gets no HUD either", async () => {
    await oc.event("session.created", { info: { id: "ses_child", parentID: "ses_a" } });
    expect(await request("ses_child")).toMatch(HUD_TEXT);
    board.setOff("ses_a", true, Date.now());
    expect(await request("ses_child")).not.toMatch(HUD_TEXT);
    board.setOff("ses_a", false, Date.now());
    expect(await request("ses_child")).toContain("<agent-hud>");
  });
});

describe("opencode 2", () => {
  let root: string;
  let opened: OpenHud;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "hud-off-v2-"));
    mkdirSync(join(root, "project", ".git"), { recursive: true });
    const project = join(root, "project");
    opened = openHud({
      directory: project,
      worktree: project,
      log: createLogger(undefined, () => {}),
      options: { storageDir: join(root, "store") },
    })!;
  });
  afterEach(() => {
    opened.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const event = (kind: ContextEvent["kind"] = "primary"): ContextEvent => ({
    sessionID: "ses_v2",
    model: { id: "m", providerID: "fake" },
    kind,
    system: [{ type: "text", text: "You are opencode." }],
    messages: [{ role: "user", content: [{ type: "text", text: "go on" }] }],
  });
  const sent = (e: ContextEvent) => JSON.stringify([e.system, e.messages]);

  test("the context hook and the compaction hook send nothing of the HUD while off; on again, both do", async () => {
    const context = contextHook(opened.deps, () => {});
    const compaction = compactionHook(opened.deps);
    opened.deps.board.setOff("ses_v2", true, Date.now());
    const off = event();
    await context(off);
    expect(sent(off)).not.toMatch(HUD_TEXT);
    const compactOff = event("compaction");
    await compaction(compactOff);
    expect(sent(compactOff)).not.toMatch(HUD_TEXT);
    opened.deps.runtime.session("ses_v2").compacting = false;
    opened.deps.board.setOff("ses_v2", false, Date.now());
    const compactOn = event("compaction");
    await compaction(compactOn);
    expect(sent(compactOn)).toContain("Your HUD");
    opened.deps.runtime.session("ses_v2").compacting = false;
    const on = event();
    await context(on);
    expect(sent(on)).toContain("<agent-hud>");
    expect(sent(on)).toContain("# Agent HUD");
  });
});
