// On a terminal too narrow for opencode's sidebar (100 columns here), the person still sees the HUD's
// status line — density, usage and the task — beside the prompt, in opencode's real TUI (tmux).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeLlm } from "../harness/fake-llm.ts";
import { hud } from "../harness/hud-session.ts";
import { createProject, PLUGIN_DIR, type Project } from "../harness/opencode.ts";
import { installPlugin, Tui } from "../harness/tui.ts";

const COLUMNS = 100;
let llm: FakeLlm;
let project: Project;
let tui: Tui;

beforeAll(async () => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url });
  installPlugin(project, PLUGIN_DIR);
  tui = Tui.start(project, `hud-narrow-${process.pid}-${Date.now()}`, { columns: COLUMNS, rows: 40 });
  await tui.waitFor((t) => t.screen().includes("Ask anything"), "the prompt", 60_000);
}, 90_000);
afterAll(() => {
  tui?.stop();
  llm?.stop();
  project?.cleanup();
});

test("at 100 columns there is no sidebar, and the prompt's right side shows the HUD's density, usage and task", async () => {
  llm.script({ toolCalls: [hud("task.set", { description: "Narrow view" })] }, { text: "ok" });
  tui.type("go", true);
  await tui.waitFor(
    (t) => /HUD (full|compact|minimal) [\d.]+% · Narrow view/.test(t.screen()),
    "the status line",
    60_000,
  );
  const screen = tui.screen();
  expect(screen.split("\n").every((row) => [...row].length <= COLUMNS)).toBe(true);
  // the sidebar's own heading line ("HUD full · n% used · n tok") is not on screen: the status line is what shows
  expect(screen).not.toMatch(/% used · \d+ tok/);
}, 120_000);
