/**
 * Drives the real opencode binary: a throw-away project with its own HOME and XDG dirs, `opencode serve`
 * on a random port, and a thin HTTP client for the calls the e2e tests need.
 */
import {
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
  existsSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { OpencodeServer } from "./server.ts";

/** The pinned binary; AGENT_HUD_OPENCODE_BIN runs the suite against another install (the oldest supported one). */
export const OPENCODE_BIN = process.env.AGENT_HUD_OPENCODE_BIN
  ? resolve(process.env.AGENT_HUD_OPENCODE_BIN)
  : resolve(import.meta.dir, "../node_modules/.bin/opencode");
export const PLUGIN_DIR = resolve(import.meta.dir, "../../packages/hud-plugin");

export type PluginEntry = string | [string, Record<string, unknown>];

/**
 * How the e2e files run opencode, set per file by harness/run-files.ts (`AGENT_HUD_E2E_HOST`). `stock`: as
 * it comes. `lean`: its snapshots off (`snapshot: false`, as in any folder that is no git repository) and
 * its model catalog an empty file (`OPENCODE_MODELS_PATH`, so only the config's fake provider exists, as
 * with a pinned catalog). A file run alone with bun test gets stock.
 */
export const HOST_ENV = "AGENT_HUD_E2E_HOST";
export type HostMode = "stock" | "lean";
export function hostMode(): HostMode {
  const mode = process.env[HOST_ENV] ?? "stock";
  if (mode !== "stock" && mode !== "lean") throw new Error(`${HOST_ENV} must be stock or lean, not ${mode}`);
  return mode;
}

export type ProjectOptions = {
  llmUrl: string;
  plugins?: PluginEntry[];
  /** Extra top-level opencode.json keys (merged shallowly). */
  config?: Record<string, unknown>;
  /** Files written relative to the project root before the first commit. */
  files?: Record<string, string>;
  context?: number;
  output?: number;
  /**
   * Another project whose HOME and XDG dirs (and so whose opencode data, and whose process: see
   * `OpencodeServer.forProject`) this one shares; only the worktree is its own.
   */
  sharing?: Project;
  /**
   * Read opencode's log from this time on (ms since the epoch): set for a project served by a process that
   * earlier test files used (harness/shared-host.ts), so that their lines are not this file's.
   */
  logsFrom?: number;
};

export type Project = {
  root: string;
  dir: string;
  home: string;
  env: Record<string, string>;
  configPath: string;
  dataDir: string;
  /** See `ProjectOptions.logsFrom`. */
  logsFrom?: number;
  writeConfig(patch: (config: Record<string, unknown>) => void): void;
  readConfig(): Record<string, unknown>;
  cleanup(): void;
};

let version: string | undefined;

/**
 * The version of the binary under test (opencode installs the matching @opencode-ai/plugin). Read from the
 * opencode-ai package the binary came in: asking the binary (`opencode --version`) costs about a CPU-second
 * in every test file. A binary from elsewhere is asked.
 */
export function opencodeVersion(): string {
  version ??= packagedVersion() ?? reportedOpencodeVersion();
  return version;
}

/** What the binary itself says its version is. */
export function reportedOpencodeVersion(): string {
  return Bun.spawnSync([OPENCODE_BIN, "--version"]).stdout.toString().trim();
}

function packagedVersion(): string | undefined {
  const manifest = join(dirname(dirname(realpathSync(OPENCODE_BIN))), "package.json");
  if (!existsSync(manifest)) return undefined;
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
  return pkg.name === "opencode-ai" ? pkg.version : undefined;
}

/**
 * opencode runs a background `npm install` of @opencode-ai/plugin into every config dir unless the dir
 * already has node_modules and a package-lock listing every package.json dependency; an empty lock that
 * lists the plugin keeps it offline and plugin loading immediate.
 */
export function markDependenciesInstalled(configDir: string): void {
  mkdirSync(join(configDir, "node_modules"), { recursive: true });
  const pkgPath = join(configDir, "package.json");
  const pkg = existsSync(pkgPath) ? JSON.parse(readFileSync(pkgPath, "utf8")) : {};
  const deps: Record<string, string> = { "@opencode-ai/plugin": opencodeVersion(), ...(pkg.dependencies ?? {}) };
  writeFileSync(
    join(configDir, "package-lock.json"),
    JSON.stringify({ name: "opencode-config", lockfileVersion: 3, packages: { "": { dependencies: deps } } }, null, 2),
  );
}

export function createProject(options: ProjectOptions): Project {
  const root = mkdtempSync(join(tmpdir(), "agent-hud-e2e-"));
  const dir = join(root, "project");
  mkdirSync(dir, { recursive: true });
  const { home, env, dataDir } = options.sharing ?? ownHome(root);
  const configPath = writeProject(dir, env, options);
  return {
    root,
    dir,
    home,
    env: { ...env },
    configPath,
    dataDir,
    ...(options.logsFrom === undefined ? {} : { logsFrom: options.logsFrom }),
    readConfig: () => JSON.parse(readFileSync(configPath, "utf8")),
    writeConfig(patch) {
      const current = JSON.parse(readFileSync(configPath, "utf8"));
      patch(current);
      writeFileSync(configPath, JSON.stringify(current, null, 2));
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A HOME and XDG dirs of its own under `root`, with an empty global opencode config. */
function ownHome(root: string): Pick<Project, "home" | "env" | "dataDir"> {
  const home = join(root, "home");
  const xdg = {
    data: join(root, "xdg/data"),
    config: join(root, "xdg/config"),
    cache: join(root, "xdg/cache"),
    state: join(root, "xdg/state"),
  };
  for (const path of [home, ...Object.values(xdg)]) mkdirSync(path, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_DATA_HOME: xdg.data,
    XDG_CONFIG_HOME: xdg.config,
    XDG_CACHE_HOME: xdg.cache,
    XDG_STATE_HOME: xdg.state,
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    GIT_AUTHOR_NAME: "e2e",
    GIT_AUTHOR_EMAIL: "e2e@example.com",
    GIT_COMMITTER_NAME: "e2e",
    GIT_COMMITTER_EMAIL: "e2e@example.com",
  };
  if (hostMode() === "lean") {
    env.OPENCODE_MODELS_PATH = join(root, "models.json");
    writeFileSync(env.OPENCODE_MODELS_PATH, "{}\n");
  }
  const globalConfigDir = join(xdg.config, "opencode");
  mkdirSync(globalConfigDir, { recursive: true });
  writeFileSync(join(globalConfigDir, "opencode.json"), "{}\n");
  markDependenciesInstalled(globalConfigDir);
  return { home, env, dataDir: xdg.data };
}

/** The worktree: its opencode.json (the fake provider, the plugins), its files, one commit. */
function writeProject(dir: string, env: Record<string, string>, options: ProjectOptions): string {
  const configDir = join(dir, ".opencode");
  mkdirSync(configDir, { recursive: true });
  const configPath = join(configDir, "opencode.json");
  const config: Record<string, unknown> = {
    $schema: "https://opencode.ai/config.json",
    model: "fake/m",
    small_model: "fake/m",
    autoupdate: false,
    share: "disabled",
    ...(hostMode() === "lean" ? { snapshot: false } : {}),
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake",
        options: { baseURL: options.llmUrl, apiKey: "test" },
        models: { m: { name: "m", limit: { context: options.context ?? 200_000, output: options.output ?? 8_000 } } },
      },
    },
    ...(options.plugins ? { plugin: options.plugins } : {}),
    ...options.config,
  };
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  markDependenciesInstalled(configDir);
  writeFileSync(join(dir, "README.md"), "# e2e project\n");
  for (const [path, content] of Object.entries(options.files ?? {})) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  // A commit gives the worktree a real project id instead of opencode's "global" bucket: the root commit's
  // hash, unique by its message (two projects with the same files, made in the same second, share a process).
  const git = (...args: string[]) => {
    const result = Bun.spawnSync(["git", ...args], { cwd: dir, env });
    if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.toString()}`);
  };
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", `init ${basename(dirname(dir))}`);
  return configPath;
}

/** All opencode log files of a project's data dir, concatenated (from `logsFrom` on, when it is set). */
export function readLogs(project: Project): string {
  const logDir = join(project.dataDir, "opencode", "log");
  if (!existsSync(logDir)) return "";
  const logs = readdirSync(logDir)
    .filter((name) => name.endsWith(".log"))
    .sort()
    .map((name) => readFileSync(join(logDir, name), "utf8"))
    .join("\n");
  return project.logsFrom === undefined ? logs : linesFrom(logs, project.logsFrom);
}

/** The lines logged at or after `from`; a line with no timestamp of its own (a stack's) goes with the one above. */
export function linesFrom(logs: string, from: number): string {
  let kept = false;
  const out: string[] = [];
  for (const line of logs.split("\n")) {
    const stamp = /^timestamp=(\S+)/.exec(line)?.[1];
    if (stamp !== undefined) kept = Date.parse(stamp) >= from;
    if (kept) out.push(line);
  }
  return out.join("\n");
}

/**
 * Waits until opencode's log holds `needle` (it writes its log file lazily, so a line the plugin logged can
 * reach the file after the request that caused it); throws with the log's size when it never does.
 */
export async function waitForLog(project: Project, needle: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const logs = readLogs(project);
    if (logs.includes(needle)) return logs;
    if (Date.now() > deadline)
      throw new Error(`opencode's log never held ${JSON.stringify(needle)} (${logs.length} characters read)`);
    await Bun.sleep(50);
  }
}

/** Log lines at level ERROR or WARN that mention `needle` (case-insensitive), all of them: see `OpencodeServer.logs`. */
export async function logProblems(server: OpencodeServer, needle: string): Promise<string[]> {
  return problemLines(await server.logs(), needle);
}

/**
 * The ERROR and WARN lines of `logs` that mention `needle` (case-insensitive). The pinned opencode writes
 * `timestamp=… level=WARN …`; the oldest supported one `WARN  2026-… service=…`, whose lines a check for
 * `level=` alone never matched, so its absence checks passed unread.
 */
export function problemLines(logs: string, needle: string): string[] {
  const lower = needle.toLowerCase();
  return logs
    .split("\n")
    .filter((line) => /level=(ERROR|WARN)|^(ERROR|WARN) /.test(line) && line.toLowerCase().includes(lower));
}

export { OpencodeServer, startOpencode } from "./server.ts";
