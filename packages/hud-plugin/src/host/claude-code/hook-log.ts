import { appendFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/**
 * The adapter's own folder, `claude-code/` in the default data folder: found from the environment alone,
 * because the hook's fast path reads no configuration before it knows whether the MCP server answers.
 */
export function logDir(): string {
  const xdg = process.env["XDG_DATA_HOME"];
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".local", "share");
  return join(base, "opencode", "hud", "claude-code");
}

/** One line per failure, in the data folder (owner-only): stderr of a hook is not shown to the person. */
export function logLine(line: string): void {
  try {
    const dir = logDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    appendFileSync(join(dir, "hook.log"), `${new Date().toISOString()} ${line.replace(/\s+/g, " ").slice(0, 400)}\n`, {
      mode: 0o600,
    });
  } catch {
    // nowhere to write: the hook still exits cleanly
  }
}
