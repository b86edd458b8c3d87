import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { claudeCodeDir } from "../../append-only/session-file.ts";
import { installedVersion, versionLine, type HostVersion } from "../../host-doctor/version.ts";
import { PLUGIN_NAME } from "./lead.ts";
import { loadsMods, MOD_MIN } from "./mod-version.ts";

/** The oldest Bun the hooks and the MCP server run on (package.json `engines`; e2e's oldest subset runs it). */
export const MIN_BUN = "1.3.10";
/** The Claude Code versions the e2e suite runs: the oldest as a smoke subset, the newest in full (e2e/). */
export const CLAUDE_CODE_SUPPORTED = { oldest: "2.1.197", newest: "2.1.332" } as const;

type Env = Record<string, string | undefined>;

const newer = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(".").map((n) => Number.parseInt(n, 10) || 0));
  for (let i = 0; i < 3; i++) if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) > (y![i] ?? 0);
  return true;
};

/** Where Claude Code lists the plugin: installed through a marketplace, or enabled in settings. */
function pluginListed(env: Env): string | undefined {
  const home = env["HOME"] || homedir();
  const config = env["CLAUDE_CONFIG_DIR"] || join(home, ".claude");
  for (const file of [join(config, "plugins", "installed_plugins.json"), join(config, "settings.json")]) {
    try {
      if (readFileSync(file, "utf8").includes(`"${PLUGIN_NAME}@`)) return file;
    } catch {
      // not there: the next place may list it
    }
  }
  return undefined;
}

/**
 * `agent-hud doctor`'s Claude Code lines: the runtime the hooks need (Bun, its version), whether Claude Code
 * lists the plugin, and when a hook of it last ran for any session here.
 */
export function claudeCodeDoctor(
  dataDir: string,
  env: Env,
  bunVersion: string | null = process.versions.bun ?? null,
  claudeVersion: () => string | null = () => installedClaudeVersion(env),
): string[] {
  const lines: string[] = [];
  if (!bunVersion)
    lines.push(
      "claude-code: Bun not found; the hooks and the hud MCP server need Bun >= " + MIN_BUN + " (https://bun.sh)",
    );
  else if (!newer(bunVersion, MIN_BUN))
    lines.push(`claude-code: Bun ${bunVersion} is older than ${MIN_BUN}; upgrade with \`bun upgrade\``);
  else lines.push(`claude-code: Bun ${bunVersion} (needs >= ${MIN_BUN})`);
  const listed = pluginListed(env);
  lines.push(
    listed
      ? `claude-code: plugin listed in ${listed}`
      : "claude-code: plugin not installed (claude plugin marketplace add agent-hud/agent-hud, then claude plugin install agent-hud@agent-hud; or claude --plugin-dir <plugin root>)",
  );
  const sessions = join(claudeCodeDir(dataDir), "sessions");
  const files = existsSync(sessions) ? readdirSync(sessions).filter((f) => f.endsWith(".json")) : [];
  if (files.length === 0)
    lines.push("claude-code: no hook has run yet (the plugin is not loaded in any session so far)");
  else {
    const last = Math.max(...files.map((f) => statSync(join(sessions, f)).mtimeMs));
    lines.push(`claude-code: hooks ran for ${files.length} session(s), last at ${new Date(last).toISOString()}`);
  }
  const version = claudeVersion();
  lines.push(versionLine(CLAUDE_CODE, version));
  if (version) lines.push(modLine(version));
  return lines;
}

const CLAUDE_CODE: HostVersion = {
  host: "claude-code",
  product: "Claude Code",
  bin: "claude",
  supported: CLAUDE_CODE_SUPPORTED,
  update: "run `claude update`",
};

/** Whether this Claude Code runs the mod (the pane, `/hud`, compaction from the HUD) or the hooks alone. */
function modLine(version: string): string {
  return loadsMods(version)
    ? `claude-code: the mod loads in ${version} (pane, /hud, /hud-edit, compaction from the HUD; mods on by default)`
    : `claude-code: ${version} runs the hooks only; the mod (pane, /hud, compaction from the HUD) needs ${MOD_MIN} or later`;
}

/** `claude --version` prints "2.1.332 (Claude Code)". */
const installedClaudeVersion = (env: Env) => installedVersion("claude", env, 5_000);
