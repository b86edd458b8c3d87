/**
 * Drives the real Codex CLI binary headless: a throw-away project, HOME and CODEX_HOME, a config.toml whose
 * model provider is a fake Responses API on loopback, and `codex exec --json` for each prompt (one process
 * per prompt; `codex exec resume <thread>` continues one). Plugins are installed the way a person does, with
 * `codex plugin marketplace add` and `codex plugin add`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClaudeProject, type ClaudeProject } from "./claude.ts";
import { PLUGIN_DIR } from "./opencode.ts";

export const CODEX_BIN = resolve(import.meta.dir, "../node_modules/.bin/codex");
/** The Codex plugin root `bun run build` writes, and the marketplace root that installs it (the package folder). */
export const CODEX_PLUGIN_ROOT = join(PLUGIN_DIR, "dist", "codex");
export const CODEX_MARKET_ROOT = PLUGIN_DIR;
/** How Codex names the plugin's tool: the server's namespace and the tool in it. */
export const HUD_NAMESPACE = "mcp__hud";

/** A model slug the binary knows (`codex debug models`). */
export const CODEX_MODEL = "gpt-5.5";

export type CodexProject = ClaudeProject & { codexHome: string };

export type CodexConfig = { apiUrl: string; autoCompactLimit?: number; extra?: string };

/** A git project with an empty HOME and CODEX_HOME beside it, and Codex configured for the fake API. */
export function createCodexProject(config: CodexConfig, files?: Record<string, string>): CodexProject {
  const project = createClaudeProject({ files });
  const codexHome = join(project.root, "codex-home");
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, "config.toml"),
    [
      `model = "${CODEX_MODEL}"`,
      `model_provider = "fake"`,
      `approval_policy = "never"`,
      `sandbox_mode = "danger-full-access"`,
      ...(config.autoCompactLimit ? [`model_auto_compact_token_limit = ${config.autoCompactLimit}`] : []),
      config.extra ?? "",
      "",
      "[model_providers.fake]",
      `name = "fake"`,
      `base_url = "${config.apiUrl}"`,
      `wire_api = "responses"`,
      `env_key = "FAKE_OPENAI_KEY"`,
      "",
    ].join("\n"),
  );
  return { ...project, codexHome };
}

export function codexEnv(project: CodexProject, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: project.home,
    CODEX_HOME: project.codexHome,
    // the plugin's data beside the project, as a person's XDG setting puts it: Codex must pass it to the server
    XDG_DATA_HOME: join(project.root, "data"),
    FAKE_OPENAI_KEY: "x",
    GIT_AUTHOR_NAME: "e2e",
    GIT_AUTHOR_EMAIL: "e2e@example.com",
    GIT_COMMITTER_NAME: "e2e",
    GIT_COMMITTER_EMAIL: "e2e@example.com",
    ...extra,
  };
}

export type Run = { code: number; stdout: string; stderr: string };

export async function codex(
  project: CodexProject,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<Run> {
  const proc = Bun.spawn([CODEX_BIN, ...args], {
    cwd: project.dir,
    env: codexEnv(project, env),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Installs a plugin from a marketplace root, as the README tells a person to; returns what each step printed. */
export async function installPlugin(project: CodexProject, marketRoot: string, plugin: string): Promise<string[]> {
  const added = await codex(project, ["plugin", "marketplace", "add", marketRoot]);
  if (added.code !== 0) throw new Error(`codex plugin marketplace add failed: ${added.stderr || added.stdout}`);
  const market = JSON.parse(readFileSync(join(marketRoot, ".agents", "plugins", "marketplace.json"), "utf8")) as {
    name: string;
  };
  const installed = await codex(project, ["plugin", "add", `${plugin}@${market.name}`]);
  if (installed.code !== 0) throw new Error(`codex plugin add failed: ${installed.stderr || installed.stdout}`);
  return [added.stdout, installed.stdout];
}

export type ExecEvent = { type: string; thread_id?: string; item?: Record<string, unknown>; [k: string]: unknown };

/** One headless prompt (`codex exec`, or `codex exec resume <thread>`); its JSONL events. */
export async function exec(
  project: CodexProject,
  prompt: string,
  options: { resume?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ run: Run; events: ExecEvent[]; thread: string }> {
  const args = [
    "exec",
    ...(options.resume ? ["resume", options.resume] : []),
    "--json",
    "--skip-git-repo-check",
    "--dangerously-bypass-hook-trust",
    prompt,
  ];
  const run = await codex(project, args, options.env, options.timeoutMs);
  const events = run.stdout
    .split("\n")
    .filter((l) => l.trim().startsWith("{"))
    .map((l) => JSON.parse(l) as ExecEvent);
  const thread = events.find((e) => e.type === "thread.started")?.thread_id ?? options.resume ?? "";
  if (run.code !== 0) throw new Error(`codex exec failed (${run.code}): ${run.stderr.slice(-2000)}`);
  return { run, events, thread };
}
