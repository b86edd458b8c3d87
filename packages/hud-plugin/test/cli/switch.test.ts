// `agent-hud off|on`: the person's switch from a shell, written where the TUI and the mod write it; shown
// by `agent-hud` and the status line. A session id the data folder does not know is an error, not a new row.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureCli } from "../helpers/run-cli.ts";
import { statusLine } from "../../src/host/cli-parts.ts";
import { HudBoard, projectKeyFor } from "../../src/store/index.ts";
import { shownRender } from "../helpers/board-render.ts";

let root: string;
let store: string;
let project: string;
let board: HudBoard;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-switch-"));
  // the default data folder under XDG_DATA_HOME: where the status line finds it with no option
  store = join(root, "xdg", "opencode", "hud");
  project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  board = HudBoard.open(store);
});
afterEach(() => {
  board.close();
  rmSync(root, { recursive: true, force: true });
});

const shown = (task: string, at: number) => shownRender(task, at, 1_000, 0.5);

const run = (...argv: string[]) => captureCli({ argv, cwd: project, tty: false, env: {} });

describe("agent-hud off|on", () => {
  test("no flag: the project of the current folder; agent-hud and the status line say so; on brings it back", async () => {
    const key = projectKeyFor(project);
    board.publish("ses_a", key, "current", shown("rotate the keys", 1));
    const off = await run("off", "--storage-dir", store);
    expect(off).toMatchObject({ code: 0, err: "" });
    expect(off.out).toContain(`HUD off for every session of the project at ${project} (${key})`);
    expect(board.isOff("ses_a", key)).toBe(true);
    expect(board.isOff("ses_other_project", projectKeyFor("/elsewhere"))).toBe(false);
    expect((await run("--storage-dir", store)).out).toContain("HUD off for this project");
    const line = (id: string) =>
      statusLine(JSON.stringify({ session_id: id, cwd: project }), { XDG_DATA_HOME: join(root, "xdg") });
    expect(line("ses_a")).toBe("HUD off for this project (agent-hud on)");
    // a session with nothing shown yet is off too: the project's switch covers it from its first call
    expect(line("ses_new")).toBe("HUD off for this project (agent-hud on)");
    expect((await run("on", "--storage-dir", store)).code).toBe(0);
    expect(board.isOff("ses_a", key)).toBe(false);
    expect((await run("--storage-dir", store)).out).toContain("rotate the keys");
    expect(line("ses_a")).toStartWith("rotate the keys · ");
  });

  test("--session: that session only, shown in agent-hud; the project's other sessions keep their HUD", async () => {
    const key = projectKeyFor(project);
    board.publish("ses_a", key, "current", shown("one", 1));
    board.publish("ses_b", key, "current", shown("two", 2));
    const off = await run("off", "--session", "ses_a", "--storage-dir", store);
    expect(off.code).toBe(0);
    expect(off.out).toBe("HUD off for session ses_a (agent-hud on --session ses_a turns it back on)\n");
    expect([board.isOff("ses_a", key), board.isOff("ses_b", key)]).toEqual([true, false]);
    expect((await run("--session", "ses_a", "--storage-dir", store)).out).toContain("HUD off for this session");
    expect((await run("on", "--session", "ses_a", "--storage-dir", store)).code).toBe(0);
    expect(board.isOff("ses_a", key)).toBe(false);
  });

  test("an unknown or malformed session id, or both flags: one line naming the problem, nothing written", async () => {
    for (const argv of [
      ["off", "--session", "ses_nobody"],
      ["off", "--session", "../x"],
      ["off", "--session", "ses_a", "--project"],
      ["off", "--sessions", "ses_a"],
    ]) {
      const bad = await run(...argv, "--storage-dir", store);
      expect(bad.code).toBe(2);
      expect(bad.out).toBe("");
      expect(bad.err.split("\n")[0]).toMatch(/^agent-hud off: /);
    }
    expect((await run("off", "--session", "ses_nobody", "--storage-dir", store)).err).toStartWith(
      `agent-hud off: no session ses_nobody in the data folder ${store}; the ids are in \`agent-hud data\``,
    );
    const rows = board.use("read", (db) => db.query("SELECT count(*) AS n FROM hud_switch").get(), undefined);
    expect(rows).toEqual({ n: 0 });
  });
});
