/**
 * Drives the real Gemini CLI headless: a throw-away project and HOME, `gemini -p` with stream-json output
 * against a fake Gemini API, one process per prompt (a prompt may hold many agent calls: each scripted
 * function call is another). The extension is installed the way a person does, `gemini extensions install`:
 * from a git repository served over HTTP, on the branch the release script writes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PLUGIN_DIR } from "./opencode.ts";
import { createClaudeProject, type ClaudeProject } from "./claude.ts";
import { GitHttpServer } from "./git-http.ts";

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

/** The branch the release script commits the extension to (its default). */
export const RELEASE_BRANCH = "gemini-extension";

export type ServedRelease = {
  /** The bare repository and the archive the release script wrote. */
  repo: string;
  archive: string;
  /** The repository's URL, served over git's smart HTTP on 127.0.0.1. */
  url: string;
  server: GitHttpServer;
};

function git(args: string[], cwd: string, env: Record<string, string>): string {
  const run = Bun.spawnSync(["git", ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr.toString()}`);
  return run.stdout.toString().trim();
}

/**
 * The release script (packages/hud-plugin/scripts/gemini-release.ts) run on the built dist/gemini/ into a bare
 * repository under `root`, served over HTTP. Its main holds no extension, as the real repository's main: only
 * `--ref=gemini-extension` installs.
 */
export function serveRelease(root: string): ServedRelease {
  const served = join(root, "served");
  const repo = join(served, "agent-hud.git");
  const archive = join(root, "agent-hud.tar.gz");
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root,
    GIT_AUTHOR_NAME: "e2e",
    GIT_AUTHOR_EMAIL: "e2e@example.com",
    GIT_COMMITTER_NAME: "e2e",
    GIT_COMMITTER_EMAIL: "e2e@example.com",
  };
  mkdirSync(served, { recursive: true });
  git(["init", "-q", "--bare", "-b", "main", repo], served, env);
  // the served side stores and sends objects uncompressed and tries no deltas: the clone then costs about 0.4
  // CPU-s less, and what is tested is Gemini CLI's install, not git's packing
  git(["config", "core.compression", "0"], repo, env);
  git(["config", "pack.window", "0"], repo, env);
  const empty = git(["hash-object", "-t", "tree", "-w", "/dev/null"], repo, env);
  git(["update-ref", "refs/heads/main", git(["commit-tree", empty, "-m", "main"], repo, env)], repo, env);
  const script = join(PLUGIN_DIR, "scripts", "gemini-release.ts");
  // the maintainers' script runs on the Bun that runs the tests, whatever Bun the PATH gives the hooks
  const release = Bun.spawnSync([process.execPath, script, "--no-build", "--repo", repo, "--archive", archive], {
    cwd: root,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (release.exitCode !== 0) throw new Error(`the release script failed: ${release.stderr}${release.stdout}`);
  const server = new GitHttpServer(served).start();
  return { repo, archive, url: `${server.url}/agent-hud.git`, server };
}

/**
 * `gemini extensions install <source>`: `y` to trusting a local folder, `--consent` to the install's own
 * question; `args` such as `--ref=<branch>` for a git source.
 */
export async function installExtension(
  project: GeminiProject,
  apiUrl: string,
  source = GEMINI_EXTENSION_ROOT,
  args: string[] = [],
) {
  const result = await run(
    ["extensions", "install", source, ...args, "--consent"],
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
