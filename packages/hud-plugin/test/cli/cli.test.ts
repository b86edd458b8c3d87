import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HudBoard } from "../../src/store/index.ts";
import { runCli } from "../../src/cli/main.ts";
import { captureCli } from "../helpers/run-cli.ts";
import { projectKeyFor } from "../../src/store/index.ts";
import { shownRender } from "../helpers/board-render.ts";

let root: string;
let store: string;
let project: string;
let board: HudBoard;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hud-cli-"));
  store = join(root, "store");
  project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, "src"), { recursive: true });
  board = HudBoard.open(store);
});
afterEach(() => {
  board.close();
  rmSync(root, { recursive: true, force: true });
});

const shown = (task: string, at: number) => shownRender(task, at, 140_000, 72.9);

async function run(
  argv: string[],
  extra: { signal?: AbortSignal; cwd?: string; tty?: boolean; env?: Record<string, string> } = {},
) {
  return captureCli({
    argv: ["--storage-dir", store, ...argv],
    cwd: extra.cwd ?? join(project, "src"),
    tty: extra.tty ?? false,
    env: extra.env ?? {},
    pollMs: 10,
    ...(extra.signal ? { signal: extra.signal } : {}),
  });
}

describe("agent-hud (the CLI)", () => {
  test("prints the live HUD of the project's latest session, found from a subdirectory", async () => {
    const key = projectKeyFor(project);
    board.publish("ses_old", key, "current", shown("old task", 1));
    board.publish("ses_new", key, "current", shown("new task", 2));
    board.publish("ses_other", projectKeyFor("/elsewhere"), "current", shown("other project", 3));
    const { code, out } = await run([]);
    expect(code).toBe(0);
    expect(out).toContain("session ses_new");
    expect(out).toContain("HUD compact · 72.9% used · 30 tok");
    expect(out).toContain("new task");
    expect(out).not.toContain("\x1b");
  });

  test("a given session, what it received, or the markdown as the agent read it", async () => {
    const key = projectKeyFor(project);
    board.publish("ses_a", key, "received", shown("received task", 1));
    board.publish("ses_a", key, "current", shown("current task", 2));
    board.publish("ses_b", key, "current", shown("b task", 3));
    expect((await run(["--session", "ses_a"])).out).toContain("current task");
    expect((await run(["--session", "ses_a", "--received"])).out).toContain("received task");
    expect((await run(["--session", "ses_a", "--markdown"])).out).toBe("### Agent HUD\n\n#### Task\n\ncurrent task\n");
  });

  test("colour follows the terminal, NO_COLOR turns it off and FORCE_COLOR on", async () => {
    board.publish("ses_c", projectKeyFor(project), "current", shown("coloured task", 1));
    const esc = (out: string) => out.includes("\x1b[");
    expect(esc((await run([], { tty: true })).out)).toBe(true);
    expect(esc((await run([], { tty: true, env: { NO_COLOR: "1" } })).out)).toBe(false);
    expect(esc((await run([], { tty: false })).out)).toBe(false);
    expect(esc((await run([], { tty: false, env: { FORCE_COLOR: "1" } })).out)).toBe(true);
    expect(esc((await run(["--no-color"], { tty: false, env: { FORCE_COLOR: "1" } })).out)).toBe(false);
  });

  test("no HUD yet, or bad arguments: a one-line reason and a non-zero exit", async () => {
    const none = await run([]);
    expect(none.code).toBe(1);
    expect(none.err).toContain("no HUD recorded yet");
    const bad = await run(["--width", "3"]);
    expect(bad.code).toBe(2);
    expect(bad.err.split("\n")[0]).toContain("--width");
    expect((await run(["--bogus"])).code).toBe(2);
  });

  test("--watch prints again when another process changes the HUD, and stops on abort", async () => {
    const key = projectKeyFor(project);
    const writer = HudBoard.open(store);
    writer.publish("ses_w", key, "current", shown("first", 1));
    const controller = new AbortController();
    const outputs: string[] = [];
    const done = runCli({
      argv: ["--storage-dir", store, "--watch"],
      cwd: project,
      tty: false,
      out: (t) => outputs.push(t),
      err: () => {},
      signal: controller.signal,
      pollMs: 10,
    });
    await waitUntil(() => outputs.join("").includes("first"));
    writer.publish("ses_w", key, "current", shown("second", 2));
    await waitUntil(() => outputs.join("").includes("second"));
    controller.abort();
    expect(await done).toBe(0);
    expect(outputs.filter((o) => o.includes("HUD compact"))).toHaveLength(2);
    writer.close();
  });

  test("the command runs under bun as a script and prints the HUD", async () => {
    board.publish("ses_x", projectKeyFor(project), "current", shown("from the bin", 1));
    const proc = Bun.spawnSync(["bun", join(import.meta.dir, "../../src/cli/index.ts"), "--storage-dir", store], {
      cwd: project,
      env: { ...process.env, PWD: project },
    });
    expect(proc.stdout.toString()).toContain("from the bin");
    expect(proc.exitCode).toBe(0);
  });
});

async function waitUntil(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(10);
  }
}
