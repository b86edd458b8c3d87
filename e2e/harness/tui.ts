/**
 * Drives opencode's real TUI in tmux: a detached session of a fixed size, keys sent as a person would
 * type them, and the screen read back with `capture-pane`.
 */
import { OPENCODE_BIN, type Project } from "./opencode.ts";

export const TUI_COLUMNS = 220;
export const TUI_ROWS = 50;
/** opencode draws its sidebar at the right edge of a wide terminal; its text starts past this column. */
export const SIDEBAR_FROM = 170;

function tmux(...args: string[]): string {
  const run = Bun.spawnSync(["tmux", ...args], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: ${run.stderr.toString().trim()}`);
  return run.stdout.toString();
}

/** `opencode plugin <spec>` in the project, as a person installs a plugin (writes opencode.json and tui.json). */
export function installPlugin(project: Project, spec: string): string {
  const run = Bun.spawnSync([OPENCODE_BIN, "plugin", spec], {
    cwd: project.dir,
    env: { ...project.env, PWD: project.dir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = `${run.stdout.toString()}${run.stderr.toString()}`;
  if (run.exitCode !== 0) throw new Error(`opencode plugin ${spec} failed: ${output.trim().split("\n").at(-1)}`);
  return output;
}

export class Tui {
  private constructor(readonly name: string) {}

  static start(
    project: Project,
    name = `hud-e2e-${process.pid}-${Date.now()}`,
    size = { columns: TUI_COLUMNS, rows: TUI_ROWS },
    /** The folder opencode starts in (a subfolder of the project, say); the project's top by default. */
    cwd = project.dir,
  ): Tui {
    const env = Object.entries({ ...project.env, PWD: cwd, TERM: "xterm-256color" })
      .map(([key, value]) => `${key}=${shellQuote(value)}`)
      .join(" ");
    tmux(
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(size.columns),
      "-y",
      String(size.rows),
      `cd ${shellQuote(cwd)} && env ${env} ${shellQuote(OPENCODE_BIN)}`,
    );
    return new Tui(name);
  }

  screen(): string {
    return tmux("capture-pane", "-p", "-t", this.name);
  }

  /** The sidebar's text: the right-hand columns of every row, trimmed. */
  sidebar(): string {
    return this.screen()
      .split("\n")
      .map((row) => [...row].slice(SIDEBAR_FROM).join("").trim())
      .join("\n");
  }

  /** Types text literally (no key names), then optionally presses Enter. */
  type(text: string, enter = false): void {
    tmux("send-keys", "-t", this.name, "-l", text);
    if (enter) this.press("Enter");
  }

  press(...keys: string[]): void {
    tmux("send-keys", "-t", this.name, ...keys);
  }

  /** Polls the screen until `predicate` holds; returns when it first did. Throws with the screen on timeout. */
  async waitFor(predicate: (tui: Tui) => boolean, what: string, timeoutMs = 30_000, everyMs = 50): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (predicate(this)) return Date.now();
      if (Date.now() > deadline) throw new Error(`TUI: timed out waiting for ${what}; screen:\n${this.screen()}`);
      await Bun.sleep(everyMs);
    }
  }

  stop(): void {
    try {
      tmux("kill-session", "-t", this.name);
    } catch {
      // already gone
    }
  }
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
