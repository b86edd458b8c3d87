/**
 * Drives the real Claude Code binary headless: a throw-away project and HOME, `claude -p` speaking
 * stream-json on stdin/stdout against a fake Anthropic API, one user turn per stdin line, a turn ending at
 * its `{"type":"result"}` line. A plugin root is loaded with `--plugin-dir`.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { PLUGIN_DIR } from "./opencode.ts";

/** The pinned (newest) binary; AGENT_HUD_CLAUDE_BIN runs the suite against another install (the oldest supported one). */
export const CLAUDE_BIN = process.env.AGENT_HUD_CLAUDE_BIN
  ? resolve(process.env.AGENT_HUD_CLAUDE_BIN)
  : resolve(import.meta.dir, "../node_modules/.bin/claude");
/** The Claude Code plugin root `bun run build` writes in the hud-plugin package. */
export const CLAUDE_PLUGIN_ROOT = join(PLUGIN_DIR, "dist", "claude-code");
/** The plugin's MCP tool as Claude Code names it: mcp__plugin_<plugin>_<server>__<tool>. */
export const HUD_TOOL = "mcp__plugin_agent-hud_hud__hud";

export type ClaudeProject = { root: string; dir: string; home: string; cleanup(): void };

/** A project folder (a git repository with one commit) and an empty HOME beside it. */
export function createClaudeProject(options: { files?: Record<string, string>; git?: boolean } = {}): ClaudeProject {
  const root = mkdtempSync(join(tmpdir(), "agent-hud-cc-"));
  const dir = join(root, "project");
  const home = join(root, "home");
  for (const path of [dir, home]) mkdirSync(path, { recursive: true });
  writeFileSync(join(dir, "README.md"), "# e2e project\n");
  for (const [path, content] of Object.entries(options.files ?? {})) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  if (options.git !== false) {
    const env = { ...gitIdentity, PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
    for (const args of [
      ["init", "-q"],
      ["add", "-A"],
      ["commit", "-q", "-m", "init"],
    ]) {
      const run = Bun.spawnSync(["git", ...args], { cwd: dir, env });
      if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr.toString()}`);
    }
  }
  return { root, dir, home, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

const gitIdentity = {
  GIT_AUTHOR_NAME: "e2e",
  GIT_AUTHOR_EMAIL: "e2e@example.com",
  GIT_COMMITTER_NAME: "e2e",
  GIT_COMMITTER_EMAIL: "e2e@example.com",
};

/** The environment design.md lists for a headless run against a local API. */
export function claudeEnv(apiUrl: string, home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "x",
    IS_SANDBOX: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ...gitIdentity,
    ...extra,
  };
}

export type StreamLine = { type: string; subtype?: string; session_id?: string; [k: string]: unknown };

export type ClaudeOptions = {
  apiUrl: string;
  project: ClaudeProject;
  /** A plugin root for --plugin-dir; null runs Claude Code without a plugin. Default: agent-hud's. */
  pluginDir?: string | null;
  resume?: string;
  env?: Record<string, string>;
  args?: string[];
};

const running = new Set<Subprocess>();
process.on("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});

export class ClaudeSession {
  readonly lines: StreamLine[] = [];
  private stderrText = "";
  private readonly listeners = new Set<() => void>();
  private exited = false;

  private constructor(
    readonly proc: Subprocess<"pipe", "pipe", "pipe">,
    readonly project: ClaudeProject,
  ) {
    void this.read();
    void (async () => {
      this.stderrText = await new Response(proc.stderr).text();
    })();
    void proc.exited.then(() => {
      this.exited = true;
      running.delete(proc);
      this.emit();
    });
  }

  static start(options: ClaudeOptions): ClaudeSession {
    const pluginDir = options.pluginDir === undefined ? CLAUDE_PLUGIN_ROOT : options.pluginDir;
    const args = [
      CLAUDE_BIN,
      "-p",
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--verbose",
      "--permission-mode",
      "bypassPermissions",
      ...(pluginDir ? ["--plugin-dir", pluginDir] : []),
      ...(options.resume ? ["--resume", options.resume] : []),
      ...(options.args ?? []),
    ];
    const proc = Bun.spawn(args, {
      cwd: options.project.dir,
      env: claudeEnv(options.apiUrl, options.project.home, options.env),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    running.add(proc);
    return new ClaudeSession(proc, options.project);
  }

  /** The session id Claude Code reported (its init line comes with the first turn). */
  get sessionId(): string {
    const id = this.lines.find((line) => typeof line.session_id === "string")?.session_id;
    if (!id) throw new Error("claude: no session_id seen yet (send a turn first)");
    return id;
  }

  get stderr(): string {
    return this.stderrText;
  }

  results(): StreamLine[] {
    return this.lines.filter((line) => line.type === "result");
  }

  /** Sends one user turn and resolves with its result line. */
  async send(text: string, timeoutMs = 90_000): Promise<StreamLine> {
    const before = this.results().length;
    const line = { type: "user", message: { role: "user", content: text } };
    this.proc.stdin.write(`${JSON.stringify(line)}\n`);
    this.proc.stdin.flush();
    await this.waitFor(() => this.results().length > before, timeoutMs, `the result of "${text.slice(0, 40)}"`);
    const result = this.results()[before]!;
    if (result.is_error)
      throw new Error(`claude: the turn "${text.slice(0, 40)}" ended in error: ${JSON.stringify(result)}`);
    return result;
  }

  /** Resolves once `predicate` holds; rejects with the process's stderr tail when it exits or time runs out. */
  waitFor(predicate: () => boolean, timeoutMs = 60_000, what = "condition"): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        if (predicate()) return done(() => resolvePromise());
        if (this.exited)
          return done(() =>
            reject(new Error(`claude exited (${this.proc.exitCode}) waiting for ${what}: ${this.tail()}`)),
          );
      };
      const timer = setTimeout(
        () =>
          done(() => reject(new Error(`claude: timed out after ${timeoutMs} ms waiting for ${what}: ${this.tail()}`))),
        timeoutMs,
      );
      // conditions outside the stream (files, processes) are polled as well
      const poll = setInterval(check, 50);
      const done = (finish: () => void) => {
        clearTimeout(timer);
        clearInterval(poll);
        this.listeners.delete(check);
        finish();
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Ends the session: closes stdin (Claude Code exits after the last turn) and kills it if it lingers. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.proc.stdin.end();
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), 10_000);
    await this.proc.exited;
    clearTimeout(timer);
  }

  kill(): void {
    this.proc.kill("SIGKILL");
  }

  private tail(): string {
    const last = this.lines.at(-1);
    return `stderr: ${this.stderrText.trim().split("\n").slice(-3).join(" | ") || "(empty)"}; last line: ${JSON.stringify(last)?.slice(0, 300)}`;
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of this.proc.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const text = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (text) {
          try {
            this.lines.push(JSON.parse(text) as StreamLine);
          } catch {
            this.lines.push({ type: "unparsed", text });
          }
        }
        newline = buffer.indexOf("\n");
      }
      this.emit();
    }
  }
}

export function startClaude(options: ClaudeOptions): ClaudeSession {
  return ClaudeSession.start(options);
}
