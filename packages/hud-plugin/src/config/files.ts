import { closeSync, constants, existsSync, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { accountHome, gitWorktreeOf } from "../store/worktree.ts";

export const CONFIG_FILE = "agent-hud.jsonc";
/** Far above any real options file; a repository's gigabyte file or `/dev/zero` is not read into memory. */
export const MAX_CONFIG_BYTES = 256 * 1024;

/** A config layer: where it came from (for messages) and its parsed content, or why it could not be read. */
export type ConfigLayer = { source: string; options?: unknown; error?: string; project?: boolean };

/** opencode's global config folder: `$XDG_CONFIG_HOME/opencode`, else `~/.config/opencode`. */
export function globalConfigDir(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"), "opencode");
}

/**
 * The files that may hold options for every project, lowest precedence first: opencode's global folder,
 * then `OPENCODE_CONFIG_DIR` when set (opencode reads its own config from there too).
 */
export function globalConfigFiles(env: Record<string, string | undefined> = process.env): string[] {
  const extra = env.OPENCODE_CONFIG_DIR;
  return [join(globalConfigDir(env), CONFIG_FILE), ...(extra ? [join(resolve(extra), CONFIG_FILE)] : [])];
}

/** The files that may hold options, lowest precedence first: the global ones, then the project's `.opencode/`. */
export function configFiles(directory: string, env?: Record<string, string | undefined>): string[] {
  return [...globalConfigFiles(env), projectConfigFile(directory)];
}

/**
 * The layers of `configFiles`, each marked `project` when it speaks for this project alone: the project's
 * own file, and a global one that lies in the project's checkout. XDG_CONFIG_HOME, HOME and
 * OPENCODE_CONFIG_DIR can come from a repository (Claude Code's project settings `env`, Gemini CLI's
 * project `.env`); its file would otherwise be read as the person's. A project layer is read only when
 * it is inside the checkout (a link out of it is not followed).
 */
export function configLayers(
  directory: string,
  env?: Record<string, string | undefined>,
): Array<ConfigLayer | undefined> {
  const files = configFiles(directory, env);
  const top = gitWorktreeOf(directory);
  return files.map((file, i) => {
    const own = i === files.length - 1;
    if (!own && !inCheckout(file, top ?? resolve(directory))) return readLayer(file);
    // outside git, the project's own file is the one of the folder holding its `.opencode`
    const layer = readLayer(file, top ?? (own ? dirname(dirname(file)) : resolve(directory)));
    return layer && { ...layer, project: true };
  });
}

const within = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};
const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/** A person's folder in the checkout, unless the checkout holds their home (opencode started in `~`). */
function inCheckout(file: string, top: string): boolean {
  const home = accountHome();
  if (home && (within(home, top) || within(real(home), real(top)))) return false;
  return within(resolve(file), top) || within(real(file), real(top));
}

/**
 * The project's file: the nearest `.opencode/agent-hud.jsonc` from `directory` up to the repository's
 * top (the folder holding `.git`), as opencode finds its own `.opencode` folders — so opencode started in
 * a subfolder reads the same file as at the top.
 */
function projectConfigFile(directory: string): string {
  const own = join(directory, ".opencode", CONFIG_FILE);
  for (let dir = resolve(directory); ;) {
    const file = join(dir, ".opencode", CONFIG_FILE);
    if (existsSync(file)) return file;
    const up = dirname(dir);
    if (existsSync(join(dir, ".git")) || up === dir) return own;
    dir = up;
  }
}

/**
 * Reads one JSONC file; a missing file is no layer, an unreadable or malformed one a layer with an error.
 * `inside`: the folder the file must resolve into (a repository's file linking to `~/.aws/credentials`
 * is not read, nor would a parse error quote it).
 */
export function readLayer(path: string, inside?: string): ConfigLayer | undefined {
  if (!existsSync(path)) return undefined;
  const text = readBoundedText(path, inside);
  if (typeof text !== "string") return { source: path, error: text.refused };
  try {
    const options = Bun.JSONC.parse(text);
    if (options && typeof options === "object" && !Array.isArray(options)) {
      // `$schema` is for editors; it is not an option
      const { $schema: _, ...rest } = options as Record<string, unknown>;
      return { source: path, options: rest };
    }
    return { source: path, error: `must hold an object like {"enabled": true}` };
  } catch (error) {
    return { source: path, error: `is not valid JSONC: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A small text file, read only when it is a regular file (a named pipe would block the read for good, a
 * device never end) of at most MAX_CONFIG_BYTES, and inside `inside` when given, links followed.
 */
export function readBoundedText(path: string, inside?: string): string | { refused: string } {
  let fd: number;
  try {
    const target = realpathSync(path);
    if (inside !== undefined && !within(target, real(inside)))
      return { refused: `is a link out of ${inside} (to ${target}); only a file in the project is read` };
    // the resolved path, not followed again: a link swapped in after the check is refused by the open
    fd = openSync(target, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return { refused: `cannot be read (${(error as { code?: string }).code ?? String(error)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: "is not a regular file" };
    if (stat.size > MAX_CONFIG_BYTES) return { refused: `is over the ${MAX_CONFIG_BYTES / 1024} KB limit` };
    const buffer = new Uint8Array(stat.size + 1);
    let read = 0;
    for (let n; read < buffer.length && (n = readSync(fd, buffer, read, buffer.length - read, read)) > 0;) read += n;
    if (read > stat.size) return { refused: "changed while it was being read" };
    return new TextDecoder().decode(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}
