/**
 * Drives the real Gemini CLI headless: a throw-away project and HOME, `gemini -p` with stream-json output
 * against a fake Gemini API, one process per prompt (a prompt may hold many agent calls: each scripted
 * function call is another). The extension is installed the way a person does, `gemini extensions install`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PLUGIN_DIR } from "./opencode.ts";
import { createClaudeProject, type ClaudeProject } from "./claude.ts";

export const GEMINI_BIN = process.env.AGENT_HUD_GEMINI_BIN
  ? resolve(process.env.AGENT_HUD_GEMINI_BIN)
  : resolve(import.meta.dir, "../node_modules/.bin/gemini");
/** The Gemini CLI extension `bun run build` writes in the hud-plugin package. */
export const GEMINI_EXTENSION_ROOT = join(PLUGIN_DIR, "dist", "gemini");
/** The extension's MCP tool as Gemini CLI offers it: mcp_<server>_<tool>. */
export const GEMINI_HUD_TOOL = "mcp_hud_hud";

export type GeminiProject = ClaudeProject;

/** A project (a git repository with one commit) and a HOME whose settings pick API-key auth. */
export function createGeminiProject(options: { files?: Record<string, string> } = {}): GeminiProject {
  const project = createClaudeProject(options);
  mkdirSync(join(project.home, ".gemini"), { recursive: true });
  writeFileSync(
    join(project.home, ".gemini", "settings.json"),
    `${JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } })}\n`,
  );
  // the person trusted the project folder (installing an extension asks otherwise)
  writeFileSync(
    join(project.home, ".gemini", "trustedFolders.json"),
    `${JSON.stringify({ [project.dir]: "TRUST_FOLDER" })}\n`,
  );
  return project;
}

export function geminiEnv(apiUrl: string, home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    GOOGLE_GEMINI_BASE_URL: apiUrl,
    GEMINI_API_KEY: "x",
    GEMINI_CLI_NO_RELAUNCH: "true",
    NO_COLOR: "1",
    ...extra,
  };
}

export type GeminiRun = { exitCode: number; lines: Array<Record<string, unknown>>; stdout: string; stderr: string };

async function run(args: string[], cwd: string, env: Record<string, string>, stdin?: string): Promise<GeminiRun> {
  const proc = Bun.spawn([GEMINI_BIN, ...args], {
    cwd,
    env,
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill("SIGKILL"), 150_000);
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const exitCode = await proc.exited;
  clearTimeout(timer);
  const lines = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return { exitCode, lines, stdout, stderr };
}

/** `gemini extensions install <dir>`: `y` to trusting the folder, `--consent` to the install's own question. */
export async function installExtension(project: GeminiProject, apiUrl: string, dir = GEMINI_EXTENSION_ROOT) {
  const result = await run(
    ["extensions", "install", dir, "--consent"],
    project.dir,
    geminiEnv(apiUrl, project.home),
    "y\n",
  );
  // a declined question also exits 0: the line that says it worked is the check
  if (result.exitCode !== 0 || !`${result.stdout}${result.stderr}`.includes("installed successfully"))
    throw new Error(`gemini extensions install failed (${result.exitCode}): ${result.stderr}${result.stdout}`);
  return result;
}

export type PromptOptions = {
  apiUrl: string;
  project: GeminiProject;
  sessionId?: string;
  resume?: string;
  model?: string;
  env?: Record<string, string>;
};

/** One headless prompt; throws with stderr's tail when Gemini CLI fails. */
export async function geminiPrompt(text: string, options: PromptOptions): Promise<GeminiRun> {
  const args = [
    "-p",
    text,
    "--yolo",
    "--skip-trust",
    "--output-format",
    "stream-json",
    ...(options.sessionId ? ["--session-id", options.sessionId] : []),
    ...(options.resume ? ["--resume", options.resume] : []),
    ...(options.model ? ["-m", options.model] : []),
  ];
  const result = await run(args, options.project.dir, geminiEnv(options.apiUrl, options.project.home, options.env));
  if (result.exitCode !== 0)
    throw new Error(`gemini -p exited ${result.exitCode}: ${result.stderr.trim().split("\n").slice(-5).join(" | ")}`);
  return result;
}
