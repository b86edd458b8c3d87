import { posix } from "node:path";

/**
 * The npm package's own folder is a Claude Code plugin root too: a marketplace entry with an `npm` source
 * installs a package as the plugin root, with no way to name a folder inside it. Its manifests are the ones of
 * `dist/claude-code/` with every path moved under that folder, so both roots run the same scripts.
 */

/** Where the built plugin root sits inside the package. */
export const BUILT_ROOT = "dist/claude-code";

const ROOT_VAR = "${CLAUDE_PLUGIN_ROOT}/";

/**
 * A manifest of the built root, as the package root's: `${CLAUDE_PLUGIN_ROOT}/x` becomes
 * `${CLAUDE_PLUGIN_ROOT}/dist/claude-code/x`. A hooks file's `modules` are relative to the hooks file
 * (`folder`, from the plugin root), so `./x` there becomes `../dist/claude-code/hooks/x`.
 */
export function underPackageRoot<T>(manifest: T, folder = "."): T {
  const moveRelative = (path: string) => {
    const moved = posix.relative(folder, posix.join(BUILT_ROOT, folder, path));
    return moved.startsWith("../") ? moved : `./${moved}`;
  };
  const move = (value: unknown, inModules: boolean): unknown => {
    if (typeof value === "string") {
      const rooted = value.replaceAll(ROOT_VAR, `${ROOT_VAR}${BUILT_ROOT}/`);
      return inModules && /^\.\.?\//.test(rooted) ? moveRelative(rooted) : rooted;
    }
    if (Array.isArray(value)) return value.map((item) => move(item, inModules));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, move(item, key === "modules")]));
    return value;
  };
  return move(manifest, false) as T;
}
