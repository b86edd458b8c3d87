import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The worktree opencode would report for a directory: the nearest ancestor holding `.git`, else the
 * directory itself (the plugin keys a project's sessions by it).
 */
export function worktreeOf(directory: string): string {
  let dir = resolve(directory);
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(directory);
    dir = parent;
  }
}
