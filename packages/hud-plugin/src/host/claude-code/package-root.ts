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
 * `${CLAUDE_PLUGIN_ROOT}/dist/claude-code/x`, and a relative `./x` (a hooks file's `modules`) `./dist/claude-code/x`.
 */
export function underPackageRoot<T>(manifest: T): T {
  const move = (value: unknown): unknown => {
    if (typeof value === "string")
      return value.replaceAll(ROOT_VAR, `${ROOT_VAR}${BUILT_ROOT}/`).replace(/^\.\//, `./${BUILT_ROOT}/`);
    if (Array.isArray(value)) return value.map(move);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, move(item)]));
    return value;
  };
  return move(manifest) as T;
}
