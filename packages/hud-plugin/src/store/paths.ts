import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

export const DB_FILE = "hud.db";
export const SIDE_FILES = ["-wal", "-shm"] as const;

/** `${XDG_DATA_HOME:-~/.local/share}/opencode/hud`; a relative XDG_DATA_HOME is ignored, as the spec says. */
export function defaultDir(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".local", "share");
  return join(base, "opencode", "hud");
}

/** A sortable, filesystem-safe timestamp so several quarantined files never collide. */
export function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, "-");
}
