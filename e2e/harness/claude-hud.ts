/**
 * agent-hud in the real Claude Code: one fake Anthropic API + one claude process with the built plugin root,
 * and readers for what the plugin appends to a request (full HUD copies and change lists).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  allTextOf,
  FakeAnthropic,
  type FakeAnthropicOptions,
  type RecordedRequest,
  type ToolUseScript,
} from "./fake-anthropic.ts";
import {
  CLAUDE_PLUGIN_ROOT,
  createClaudeProject,
  HUD_TOOL,
  startClaude,
  type ClaudeOptions,
  type ClaudeProject,
  type ClaudeSession,
} from "./claude.ts";

export const HUD_OPEN = "<agent-hud>";
export const HUD_CLOSE = "</agent-hud>";
/** An update: this line, then its `+ ` / `- ` lines. */
export const CHANGES_OPEN = "HUD update:";
/** Every sub-agent prompt a test scripts starts with this, so its requests are told from the main loop's. */
export const SUBAGENT_MARK = "SUBAGENT-TASK:";

/** Throws one line naming what is missing when the plugin root the suite loads was not built. */
export function requirePluginRoot(): void {
  const manifest = join(CLAUDE_PLUGIN_ROOT, ".claude-plugin", "plugin.json");
  if (!existsSync(manifest))
    throw new Error(
      `agent-hud's Claude Code plugin root is not built: ${manifest} is missing (the claude-code host adapter and its \`bun run build\` output are missing)`,
    );
  const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
  if (name !== "agent-hud")
    throw new Error(`the plugin root's manifest names "${name}", so its tool is not ${HUD_TOOL}`);
  for (const file of ["hooks/hooks.json", ".mcp.json"])
    if (!existsSync(join(CLAUDE_PLUGIN_ROOT, file)))
      throw new Error(`agent-hud's Claude Code plugin root has no ${file}`);
}

/** A scripted call of the plugin's `hud` tool. */
export function hud(tool: string, args?: Record<string, unknown>): ToolUseScript {
  return { name: HUD_TOOL, input: args ? { tool, args } : { tool } };
}

export type ClaudeHud = {
  api: FakeAnthropic;
  project: ClaudeProject;
  session: ClaudeSession;
  /** Starts another claude process on the same project and API (e.g. `--resume`); stopped with the rest. */
  start(options?: Partial<Omit<ClaudeOptions, "apiUrl" | "project">>): ClaudeSession;
  stop(): Promise<void>;
};

export function startClaudeHud(
  options: {
    api?: FakeAnthropicOptions;
    files?: Record<string, string>;
    project?: ClaudeProject;
    pluginDir?: string | null;
    env?: Record<string, string>;
  } = {},
): ClaudeHud {
  if (options.pluginDir === undefined) requirePluginRoot();
  const api = new FakeAnthropic(options.api).start();
  const project = options.project ?? createClaudeProject({ files: options.files });
  const sessions: ClaudeSession[] = [];
  const start = (more: Partial<Omit<ClaudeOptions, "apiUrl" | "project">> = {}) => {
    const session = startClaude({
      apiUrl: api.url,
      project,
      pluginDir: options.pluginDir,
      ...more,
      env: { ...options.env, ...more.env },
    });
    sessions.push(session);
    return session;
  };
  const session = start();
  return {
    api,
    project,
    session,
    start,
    async stop() {
      await Promise.all(sessions.map((s) => s.close()));
      api.stop();
      if (!options.project) project.cleanup();
    },
  };
}

/** The text of every message of a request, joined. */
export function requestText(request: RecordedRequest): string {
  return request.body.messages.map(allTextOf).join("\n");
}

/** Main-loop requests (not a sub-agent's, not the compaction request). */
export function mainLoop(api: FakeAnthropic): RecordedRequest[] {
  return api.agentRequests().filter((r) => !isSubagent(r));
}

export function isSubagent(request: RecordedRequest): boolean {
  const first = request.body.messages[0];
  return first !== undefined && allTextOf(first).includes(SUBAGENT_MARK);
}

/** Every tool result the request carries, oldest first. */
export function toolResults(request: RecordedRequest): string[] {
  const out: string[] = [];
  for (const message of request.body.messages)
    if (message.role === "user" && Array.isArray(message.content))
      for (const block of message.content)
        if (block.type === "tool_result") out.push(allTextOf({ role: "user", content: block.content as never }));
  return out;
}

function blocksOf(text: string, open: string, close: string): Array<{ at: number; body: string }> {
  const out: Array<{ at: number; body: string }> = [];
  let at = text.indexOf(open);
  while (at >= 0) {
    const end = text.indexOf(close, at);
    if (end < 0) break;
    out.push({ at, body: text.slice(at + open.length, end).trim() });
    at = text.indexOf(open, end);
  }
  return out;
}

/** The plugin's updates in a request's text: each header with the `+ ` / `- ` lines that follow it. */
function updatesOf(text: string): Array<{ at: number; body: string }> {
  const out: Array<{ at: number; body: string }> = [];
  for (let at = text.indexOf(CHANGES_OPEN); at >= 0; at = text.indexOf(CHANGES_OPEN, at + 1)) {
    const lines = text.slice(at + CHANGES_OPEN.length + 1).split("\n");
    const end = lines.findIndex((line) => !/^[+-] /.test(line));
    out.push({ at, body: lines.slice(0, end < 0 ? lines.length : end).join("\n") });
  }
  return out;
}

/** How many full HUD copies the request carries. */
export function fullCopies(request: RecordedRequest): number {
  return blocksOf(requestText(request), HUD_OPEN, HUD_CLOSE).length;
}

/**
 * The HUD the agent reads in this request from the plugin's texts: the last full copy with every update after
 * it applied in order (`+ line` is in the HUD now; `- line` is gone, `- words …` names the line that begins
 * with those words). What the agent's own `hud` calls changed is in their results, not here (so an update may
 * remove a line only such a call added). Undefined when the request carries no full copy.
 */
export function currentHud(request: RecordedRequest): string | undefined {
  const text = requestText(request);
  const full = blocksOf(text, HUD_OPEN, HUD_CLOSE).at(-1);
  if (!full) return undefined;
  const lines = full.body.split("\n").filter((line) => line.trim());
  for (const update of updatesOf(text).filter((block) => block.at > full.at))
    for (const change of update.body.split("\n")) {
      if (change.startsWith("+ ")) lines.push(change.slice(2));
      if (!change.startsWith("- ")) continue;
      const name = change.slice(2);
      const words = name.endsWith(" …") ? name.slice(0, -2) : undefined;
      const index = lines.findIndex((line) => line === name || (words !== undefined && line.startsWith(`${words} `)));
      // a line no plugin text held came from the agent's own call (its result told the agent)
      if (index >= 0) lines.splice(index, 1);
    }
  return lines.join("\n");
}

/** How many times each HUD line is written whole in the request: in full copies and as `+ line` / `- line` in updates. */
export function hudLineCounts(request: RecordedRequest): Map<string, number> {
  const text = requestText(request);
  const counts = new Map<string, number>();
  const add = (line: string) => counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const full of blocksOf(text, HUD_OPEN, HUD_CLOSE))
    for (const line of full.body.split("\n")) if (line.trim()) add(line);
  for (const update of updatesOf(text))
    for (const line of update.body.split("\n"))
      // `- words …` names a removed line by its first words: it does not write the line again
      if (/^[+-] /.test(line) && !(line.startsWith("- ") && line.endsWith(" …"))) add(line.slice(2));
  return counts;
}

export type KeptFile = { path: string; mode: number; bytes: Buffer };

/** Claude Code's own files in a HOME: its settings, transcripts, backups and MCP logs. */
function claudeCodeOwn(name: string): boolean {
  if (name.startsWith(".claude.json")) return true;
  if (name.startsWith(".cache/claude-cli-nodejs/")) return true;
  return name.startsWith(".claude/") && !name.startsWith(".claude/plugins/data/");
}

/** Every file under `home` that is not Claude Code's own (its plugin data folder is the plugin's), with its mode. */
export function pluginFiles(home: string): KeptFile[] {
  if (!existsSync(home)) return [];
  return readdirSync(home, { recursive: true, encoding: "utf8" })
    .filter((name) => !claudeCodeOwn(name))
    .map((name) => join(home, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, mode: statSync(path).mode & 0o777, bytes: readFileSync(path) }));
}

/** The folders that directly hold `files`, with their modes. */
export function foldersOf(files: KeptFile[]): Array<{ path: string; mode: number }> {
  return [...new Set(files.map((file) => dirname(file.path)))].map((path) => ({
    path,
    mode: statSync(path).mode & 0o777,
  }));
}

/**
 * The HUD of the first request of a Claude Code session opened in another host's project: a home of its own,
 * so nothing is shared with that host's sessions but the worktree (its memory file). The session is closed.
 */
export async function hudOfAnotherHostsSession(project: { root: string; dir: string }): Promise<string | undefined> {
  const claude = startClaudeHud({
    project: { root: project.root, dir: project.dir, home: join(project.root, "claude-home"), cleanup() {} },
  });
  try {
    claude.api.script({ text: "noted" });
    await claude.session.send("what do we know?");
    const [first] = mainLoop(claude.api);
    return currentHud(first!);
  } finally {
    await claude.stop();
  }
}
