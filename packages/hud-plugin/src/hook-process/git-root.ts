import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The repository's top, where opencode also keys the project (its `worktree`); the folder itself outside git. */
export function gitRoot(directory: string): string {
  const start = resolve(directory);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
