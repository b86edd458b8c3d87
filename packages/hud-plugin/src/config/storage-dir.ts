import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { defaultDir } from "../store/paths.ts";
import { configFiles, readLayer } from "./files.ts";

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
    ? configFiles(directory, env)
        .slice(0, -1)
        .map((file) => readLayer(file)?.options)
    : [];
  let dir: string | undefined;
  for (const options of [...layers, entryOptions]) {
    const value = (options as { storageDir?: unknown } | undefined)?.storageDir;
    const valid = typeof value === "string" && value !== "" ? storageDirOf(value) : undefined;
    if (valid) dir = valid;
  }
  return dir ?? defaultDir(env);
}
