// Imported for its effect (by the preload, and by every helper that creates a plugin): the plugin reads the global components
// folder (`${XDG_CONFIG_HOME:-~/.config}/opencode/hud`) on every render, and a component installed on the
// machine running the tests would otherwise show up in their HUDs (or the person's component decisions in
// `${XDG_STATE_HOME}/agent-hud` be written by them). Spawned fixture processes inherit the
// folders through the environment (the mark says they are set), so a whole run shares one pair.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MARK = "AGENT_HUD_TEST_ENV";

/** The folder this process created for the run, if it was the first to need one. */
export const createdRoot: string | undefined = process.env[MARK] ? undefined : setUp();

function setUp(): string {
  const root = mkdtempSync(join(tmpdir(), "hud-plugin-env-"));
  for (const [name, sub] of [
    ["XDG_CONFIG_HOME", "config"],
    ["XDG_DATA_HOME", "data"],
    ["XDG_STATE_HOME", "state"],
  ] as const) {
    mkdirSync(join(root, sub), { recursive: true });
    process.env[name] = join(root, sub);
  }
  // every temporary folder of the run (the tests' own, their fixtures', their child processes') goes in the
  // run's folder, so the one removal at the end leaves nothing behind in the machine's temp folder
  mkdirSync(join(root, "tmp"));
  process.env.TMPDIR = join(root, "tmp");
  process.env[MARK] = root;
  removeWhenGone(root);
  return root;
}

/**
 * The preload removes the folder after the last file, but a run can end without that: a file run from outside
 * this package (bun reads bunfig.toml from the working directory, so the preload never loads, while a helper's
 * import still makes the folder), a signal, --bail. A shell holding a pipe from this process removes it once the
 * pipe closes, which happens however the process ends; it ignores the terminal's signals, which reach this
 * whole process group at once.
 */
function removeWhenGone(root: string): void {
  const shell = Bun.spawn(["sh", "-c", 'trap "" INT HUP TERM; cat > /dev/null; rm -rf "$0"', root], {
    stdin: "pipe",
    stdout: "ignore",
    stderr: "ignore",
  });
  shell.unref();
}

export function removeCreatedRoot(): void {
  if (createdRoot) rmSync(createdRoot, { recursive: true, force: true });
}
