import { homedir } from "node:os";
import { join, relative, isAbsolute } from "node:path";

/** A folder searched for component files, and how its files are named in error lines. */
export type HudRoot = { dir: string; scope: "project" | "global"; display: (file: string) => string };

export type RootOptions = {
  /** Overrides `${XDG_CONFIG_HOME:-~/.config}/opencode/hud` (tests, unusual setups). */
  globalDir?: string;
  env?: Record<string, string | undefined>;
};

/** The global components folder, next to opencode's own global config. */
export function globalHudDir(env: Record<string, string | undefined> = process.env): string {
  const configHome =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : join(env.HOME || homedir(), ".config");
  return join(configHome, "opencode", "hud");
}

/** Project folder first: a project file overrides a global file of the same name. */
export function hudRoots(directory: string, options: RootOptions = {}): HudRoot[] {
  const globalDir = options.globalDir ?? globalHudDir(options.env);
  const home = (options.env ?? process.env).HOME || homedir();
  const display = (file: string) => {
    const rel = relative(home, file);
    return rel.startsWith("..") || isAbsolute(rel) ? file : join("~", rel);
  };
  // OPENCODE_CONFIG_DIR is a second global folder, as opencode treats it for its own config
  const extra = options.globalDir ? undefined : (options.env ?? process.env).OPENCODE_CONFIG_DIR;
  return [
    { dir: join(directory, ".opencode", "hud"), scope: "project", display: (file) => relative(directory, file) },
    ...(extra ? [{ dir: join(extra, "hud"), scope: "global" as const, display }] : []),
    { dir: globalDir, scope: "global", display },
  ];
}
