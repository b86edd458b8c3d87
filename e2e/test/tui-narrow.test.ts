// On a terminal too narrow for opencode's sidebar (100 columns here), the person still sees the HUD's
// status line — density, usage and the task — beside the prompt, in opencode's real TUI (tmux).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { hud } from "../harness/hud-session.ts";
import { startTuiProject } from "../harness/tui.ts";

const COLUMNS = 100;
let env: Awaited<ReturnType<typeof startTuiProject>>;
beforeAll(async () => {
  env = await startTuiProject({ size: { columns: COLUMNS, rows: 40 } });
}, 90_000);
afterAll(() => env?.stop());

test("at 100 columns there is no sidebar, and the prompt's right side shows the HUD's density, usage and task", async () => {
  const { llm, tui } = env;
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
