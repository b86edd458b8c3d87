/**
 * The real Claude Code on a terminal: its interactive screen in a detached tmux session of a fixed size, keys
 * typed as a person would, the screen read back with `capture-pane`. The HOME is prepared as a person's who
 * finished onboarding, trusts the project, approved the API key and allowed the `hud` tool, so no dialog
 * stands in the way (permission mode `default`: auto mode's check would need the real API).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLAUDE_BIN, CLAUDE_PLUGIN_ROOT, claudeEnv, HUD_TOOL, type ClaudeProject } from "./claude.ts";
import { killSession } from "./tmux-session.ts";

/** Wide enough that Claude Code seats a plugin's pane beside the transcript unasked (from 144 columns). */
export const TERMINAL = { columns: 200, rows: 50 };

const KEY = "sk-ant-e2e-terminal-0123456789abcdef";

function tmux(...args: string[]): string {
  const run = Bun.spawnSync(["tmux", ...args], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: ${run.stderr.toString().trim()}`);
  return run.stdout.toString();
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export class ClaudeTerminal {
  private constructor(readonly name: string) {}

  static start(apiUrl: string, project: ClaudeProject, args: string[] = []): ClaudeTerminal {
    writeFileSync(
      join(project.home, ".claude.json"),
      JSON.stringify({
        hasCompletedOnboarding: true,
        numStartups: 3,
        customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
        projects: { [project.dir]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      }),
    );
    mkdirSync(join(project.home, ".claude"), { recursive: true });
    writeFileSync(
      join(project.home, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: [HUD_TOOL] } }),
    );
    const env = { ...claudeEnv(apiUrl, project.home), ANTHROPIC_API_KEY: KEY, TERM: "xterm-256color" };
    const vars = Object.entries(env)
      .map(([key, value]) => `${key}=${quote(value)}`)
      .join(" ");
    const name = `cc-e2e-${process.pid}-${Date.now()}`;
    const command = [CLAUDE_BIN, "--plugin-dir", CLAUDE_PLUGIN_ROOT, "--permission-mode", "default", ...args]
      .map(quote)
      .join(" ");
    tmux(
      "new-session",
      "-d",
      "-s",
      name,
      "-x",
      String(TERMINAL.columns),
      "-y",
      String(TERMINAL.rows),
      `cd ${quote(project.dir)} && env -i ${vars} ${command}`,
    );
    return new ClaudeTerminal(name);
  }

  screen(): string {
    return tmux("capture-pane", "-p", "-t", this.name);
  }

  type(text: string): void {
    tmux("send-keys", "-t", this.name, "-l", text);
    tmux("send-keys", "-t", this.name, "Enter");
  }

  /** Resolves once the screen satisfies `predicate`; rejects with the last screen after `timeoutMs`. */
  async waitFor(predicate: (screen: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const end = Date.now() + timeoutMs;
    let screen = "";
    for (;;) {
      screen = this.screen();
      if (predicate(screen)) return screen;
      if (Date.now() > end) throw new Error(`claude terminal: timed out waiting for ${what}; the screen:\n${screen}`);
      await Bun.sleep(100);
    }
  }

  /** Resolves once Claude Code and the MCP servers it started have exited: they write into the HOME until then. */
  stop(): Promise<void> {
    return killSession(this.name);
  }
}

/** The right-hand part of each screen row from `column` on: where the docked pane is drawn. */
export function rightOf(screen: string, column: number): string {
  return screen
    .split("\n")
    .map((row) => [...row].slice(column).join(""))
    .join("\n");
}
