import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { defaultDir } from "../store/paths.ts";
import { gitWorktreeOf } from "../store/worktree.ts";
import { configLayers } from "./files.ts";

/**
 * An absolute folder, or one under the home folder (`~/…`). A relative path would depend on the folder
 * opencode started in, and could put the plugin's databases inside a repository.
 */
export function storageDirOf(dir: string): string | undefined {
  if (dir === "~") return homedir();
  if (dir.startsWith("~/")) return join(homedir(), dir.slice(2));
  return isAbsolute(dir) ? dir : undefined;
}

/**
 * A `storageDir` value checked: the folder, or why it is refused. Inside a git worktree the databases (the
 * conversation, the HUD's log) would travel with the repository and could be written by whatever writes it.
 */
export function checkStorageDir(value: string): { dir: string } | { problem: string } {
  const dir = storageDirOf(value);
  if (!dir)
    return {
      problem: `agent-hud option storageDir must be an absolute path or start with ~/, got ${JSON.stringify(value)}; using the default folder`,
    };
  const worktree = gitWorktreeOf(dir);
  if (worktree !== undefined)
    return {
      problem: `agent-hud option storageDir ${JSON.stringify(value)} is inside the git worktree ${worktree}, where the repository (and whatever writes it) could read and change the HUD's data; using the default folder`,
    };
  return { dir };
}

/**
 * The data folder the server uses for `directory`, read the way the server reads it (global files, then the
 * entry's options; the last valid `storageDir` wins) without loading the option schemas:
 * the person's views run in the TUI, where only this one option matters at start.
 */
export function storageDirFor(
  directory: string | undefined,
  entryOptions: Record<string, unknown> | undefined,
  env?: Record<string, string | undefined>,
): string {
  // the project's own file is left out: only the person's settings move the data folder (see user-only.ts)
  const layers = directory
    ? configLayers(directory, env)
        .filter((layer) => !layer?.project)
        .map((layer) => layer?.options)
    : [];
  let dir: string | undefined;
  for (const options of [...layers, entryOptions]) {
    const value = (options as { storageDir?: unknown } | undefined)?.storageDir;
    const checked = typeof value === "string" && value !== "" ? checkStorageDir(value) : undefined;
    if (checked && "dir" in checked) dir = checked.dir;
  }
  return dir ?? defaultDir(env);
}
