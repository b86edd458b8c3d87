import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { adapterDir } from "../../append-only/session-file.ts";
import { installedVersion, versionLine, type HostVersion } from "../../host-doctor/version.ts";
import { FOLDER } from "./link.ts";
import { PLUGIN_NAME } from "./lead.ts";
import { MARKET_NAME } from "./plugin-root.ts";

/**
 * The Codex CLI versions the e2e suite runs: the newest in full, the oldest as a smoke subset (e2e/oldest).
 * 0.145.0 is the first whose SessionStart fires with `source: "compact"` after a compaction (not 0.143/0.144);
 * 0.140 sent no HUD at session start, and 0.130 has no `codex plugin add`.
 */
export const CODEX_SUPPORTED = { oldest: "0.145.0", newest: "0.171.0" } as const;

type Env = Record<string, string | undefined>;

const INSTALL = `codex plugin marketplace add <the package's folder>, then codex plugin add ${PLUGIN_NAME}@${MARKET_NAME}`;

/** Whether Codex's config.toml lists the plugin, and enabled. */
function pluginState(env: Env): "enabled" | "disabled" | undefined {
  const home = env["CODEX_HOME"] || join(env["HOME"] || homedir(), ".codex");
  let text: string;
  try {
    text = readFileSync(join(home, "config.toml"), "utf8");
  } catch {
    return undefined;
  }
  const at = text.indexOf(`[plugins."${PLUGIN_NAME}@`);
  if (at < 0) return undefined;
  const table = text.slice(at).split(/\n\[/)[0]!;
  return /^\s*enabled\s*=\s*false/m.test(table) ? "disabled" : "enabled";
}

/**
 * `agent-hud doctor`'s Codex CLI lines: whether Codex lists the plugin, that its hooks run only once the
 * person trusts them, when a hook last ran here, and the installed Codex against the tested range.
 */
export function codexDoctor(
  dataDir: string,
  env: Env,
  codexVersion: () => string | null = () => installed(env),
): string[] {
  const lines: string[] = [];
  const state = pluginState(env);
  lines.push(
    state === "enabled"
      ? "codex: plugin installed and enabled (config.toml)"
      : state === "disabled"
        ? "codex: plugin installed but disabled in config.toml (enabled = false)"
        : `codex: plugin not installed (${INSTALL})`,
  );
  lines.push(
    "codex: Codex runs a plugin's hooks only after you trust them: start codex and accept agent-hud's hooks in its hooks review; until then the HUD never reaches the agent and `hud` answers that no session is linked",
  );
  const sessions = join(adapterDir(dataDir, FOLDER), "sessions");
  const files = existsSync(sessions) ? readdirSync(sessions).filter((f) => f.endsWith(".json")) : [];
  if (files.length === 0) lines.push("codex: no hook has run yet (not installed, or its hooks not trusted yet)");
  else {
    const last = Math.max(...files.map((f) => statSync(join(sessions, f)).mtimeMs));
    lines.push(`codex: hooks ran for ${files.length} session(s), last at ${new Date(last).toISOString()}`);
  }
  lines.push(versionLine(CODEX, codexVersion()));
  return lines;
}

const CODEX: HostVersion = { host: "codex", product: "Codex CLI", supported: CODEX_SUPPORTED };

/** `codex --version` prints "codex-cli 0.171.0". */
const installed = (env: Env) => installedVersion("codex", env, 5_000, /(\d+\.\d+\.\d+)/);
