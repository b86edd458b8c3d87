import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = "agent-hud.jsonc";

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

/** Reads one JSONC file; a missing file is no layer, an unreadable or malformed one a layer with an error. */
export function readLayer(path: string): ConfigLayer | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const options = Bun.JSONC.parse(readFileSync(path, "utf8"));
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
