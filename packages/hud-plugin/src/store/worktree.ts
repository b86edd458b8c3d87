import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import { userInfo } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

/**
 * The top of the git worktree holding `dir` (a `.git` folder, or a `.git` file as a linked worktree or a
 * submodule has), walking up from `dir` whether or not it exists yet, both as written and with its links
 * followed (a link from outside into a repository is inside it); undefined outside every worktree.
 */
export function gitWorktreeOf(dir: string): string | undefined {
  const written = resolve(dir);
  return worktreeAbove(written) ?? worktreeAbove(followLinks(written));
}

function worktreeAbove(start: string): string | undefined {
  for (let at = start; ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** `path` with every link in it followed, a link to what does not exist yet included (bounded, for loops). */
function followLinks(path: string, hops = 0): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    if (parent === path || hops > 40) return path;
    const at = join(followLinks(parent, hops + 1), basename(path));
    if (!lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink()) return at;
    return followLinks(resolve(dirname(at), readlinkSync(at)), hops + 1);
  }
}

/** The account's home from the system's user database: no environment variable moves it. */
export function accountHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined;
  }
}

const known = new Map<string, string | undefined>();

/**
 * The worktree of a repository `dir` lies in, when that is not the person's own home kept in git (their
 * dotfiles). A folder named by XDG_STATE_HOME, XDG_DATA_HOME or HOME can come from a repository (Claude
 * Code's project settings `env`, Gemini CLI's project `.env`); asked once per folder and process.
 */
export function repositoryHolding(dir: string): string | undefined {
  if (!known.has(dir)) {
    const worktree = gitWorktreeOf(dir);
    const home = accountHome();
    known.set(dir, worktree !== undefined && worktree !== (home && gitWorktreeOf(home)) ? worktree : undefined);
  }
  return known.get(dir);
}
