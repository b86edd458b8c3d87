/**
 * Drives opencode's real TUI in tmux: a detached session of a fixed size, keys sent as a person would
 * type them, and the screen read back with `capture-pane`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm } from "./fake-llm.ts";
import {
  createProject,
  OPENCODE_BIN,
  PLUGIN_DIR,
  type PluginEntry,
  type Project,
  type ProjectOptions,
} from "./opencode.ts";
import { killSession } from "./tmux-session.ts";

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

/**
 * What `opencode plugin <dir>` writes for a plugin folder (tui.test.ts checks that it is), written directly:
 * the command is a whole opencode process, about 1.8 CPU-s, and only tui.test.ts tests it.
 */
export function listPlugin(project: Project, spec: string): void {
  project.writeConfig((config) => {
    config.plugin = [...((config.plugin as PluginEntry[] | undefined) ?? []), spec];
  });
  writeFileSync(join(project.dir, ".opencode", "tui.json"), `${JSON.stringify({ plugin: [spec] }, null, 2)}\n`);
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

  /**
   * Runs a slash command as a person does: types it, waits until the prompt holds all of it and the
   * completion list's top row is that command, then presses Enter. Waiting for the name anywhere in the
   * list is not enough: typing `/hud-edit` shows `/hud-edit` in the list while only `/hud` has been read,
   * and an Enter then would run `/hud`.
   */
  async slash(name: string): Promise<void> {
    const command = `/${name}`;
    this.type(command);
    await this.waitFor((t) => {
      const rows = t.screen().split("\n");
      const typed = rows.some((row) => row.trimEnd().endsWith(`┃  ${command}`));
      const top = rows.find((row) => /┃ \/\S/.test(row));
      return typed && top !== undefined && top.includes(`┃ ${command} `);
    }, `${command} typed and first in the completion list`);
    this.press("Enter");
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

  /** Resolves once opencode has exited: it writes its stores on the way out, into a project not yet removed. */
  stop(): Promise<void> {
    return killSession(this.name);
  }
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A project with the plugin listed as `opencode plugin <dir>` lists it, its TUI running in tmux until the prompt
 * shows, and the fake LLM behind it. `cwd` picks the folder opencode starts in (the top by default).
 */
export async function startTuiProject(
  options: {
    files?: ProjectOptions["files"];
    size?: { columns: number; rows: number };
    cwd?: (project: Project) => string;
  } = {},
): Promise<{ llm: FakeLlm; project: Project; tui: Tui; stop(): Promise<void> }> {
  const llm = new FakeLlm().start();
  const project = createProject({ llmUrl: llm.url, ...(options.files ? { files: options.files } : {}) });
  listPlugin(project, PLUGIN_DIR);
  const name = `hud-e2e-${process.pid}-${Date.now()}`;
  // the test's stop, and a failed start's own (the test then gets nothing to stop)
  const stop = async (tui: Tui | undefined) => {
    try {
      await tui?.stop();
    } finally {
      llm.stop();
      project.cleanup();
    }
  };
  let tui: Tui | undefined;
  try {
    tui = Tui.start(project, name, options.size, options.cwd?.(project));
    await tui.waitFor((t) => t.screen().includes("Ask anything"), "the prompt", 60_000);
  } catch (error) {
    await stop(tui);
    throw error;
  }
  const started = tui;
  return { llm, project, tui: started, stop: () => stop(started) };
}
