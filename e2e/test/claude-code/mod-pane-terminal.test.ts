// The pane on a real terminal: interactive Claude Code in tmux at 200 columns seats agent-hud's pane
// beside the transcript (the mod's `ui.render`), and the pane follows the agent's edits as they happen.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createClaudeProject, type ClaudeProject } from "../../harness/claude.ts";
import { hud, requirePluginRoot } from "../../harness/claude-hud.ts";
import { ClaudeTerminal, rightOf } from "../../harness/claude-tui.ts";
import { FakeAnthropic } from "../../harness/fake-anthropic.ts";

/** The dock takes at most 45% of the columns: at 200, the pane's text starts past column 110. */
const PANE_FROM = 110;

let api: FakeAnthropic;
let project: ClaudeProject;
let terminal: ClaudeTerminal;
beforeAll(() => {
  requirePluginRoot();
  api = new FakeAnthropic().start();
  project = createClaudeProject();
  terminal = ClaudeTerminal.start(api.url, project);
});
afterAll(async () => {
  await terminal?.stop();
  api?.stop();
  project?.cleanup();
});

test("the pane is drawn beside the transcript at start and follows the agent's edits within the turn", async () => {
  const first = await terminal.waitFor(
    (screen) => rightOf(screen, PANE_FROM).includes("Agent HUD"),
    60_000,
    "the HUD pane",
  );
  expect(rightOf(first, PANE_FROM)).toContain("none set");

  // the answer after the tool call takes 20 s: the pane must show the edit while the turn is still running
  api.script(
    { toolUses: [hud("task.set", { description: "Ship the CSV exporter" })] },
    { text: "ANSWER-AFTER-THE-EDIT", delayMs: 20_000 },
  );
  terminal.type("ship the exporter");
  const after = await terminal.waitFor(
    (screen) => rightOf(screen, PANE_FROM).includes("Ship the CSV exporter"),
    60_000,
    "the task in the pane",
  );
  // drawn in the pane, not only said in the transcript, and before the turn ended
  expect(rightOf(after, PANE_FROM)).toContain("Agent HUD");
  expect(after).not.toContain("ANSWER-AFTER-THE-EDIT");
  expect(after.split("\n").some((row) => [...row].slice(PANE_FROM).join("").includes("Ship the CSV exporter"))).toBe(
    true,
  );
});
