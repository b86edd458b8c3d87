import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { accountHome, repositoryHolding } from "./worktree.ts";

export const DB_FILE = "hud.db";
export const SIDE_FILES = ["-wal", "-shm"] as const;

/**
 * `${XDG_DATA_HOME:-~/.local/share}/opencode/hud`; a relative XDG_DATA_HOME is ignored, as the spec says.
 * A folder inside a git worktree (XDG_DATA_HOME or HOME set by a repository's env) is not used either, as
 * `storageDir` there is refused: the account's own home's is, so the databases never travel with a repository.
 */
export function defaultDir(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".local", "share");
  if (repositoryHolding(base) === undefined) return join(base, "opencode", "hud");
  return join(accountHome() ?? homedir(), ".local", "share", "opencode", "hud");
}

/** A sortable, filesystem-safe timestamp so several quarantined files never collide. */
export function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, "-");
}
