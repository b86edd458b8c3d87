/**
 * opencode loads the plugin's bundle (dist/server.js), not its sources, so an e2e run against a bundle
 * older than the sources it is built from would test old code. Turbo builds first (`test` depends on
 * `^build`); this covers `bun test` run straight from this folder.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { PLUGIN_DIR } from "./opencode.ts";

const PACKAGES = resolve(PLUGIN_DIR, "..");

/** What the bundle is built from: the plugin and the workspace packages it inlines. */
export const BUNDLE_SOURCES = [
  join(PLUGIN_DIR, "src"),
  join(PLUGIN_DIR, "build.ts"),
  join(PLUGIN_DIR, "package.json"),
  join(PACKAGES, "hud-components", "src"),
  join(PACKAGES, "hud-components", "package.json"),
  join(PACKAGES, "ujsx", "src"),
  join(PACKAGES, "ujsx", "package.json"),
];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) yield* files(join(path, entry.name));
}

/** Sources changed after `bundle` was written (all of them when there is no bundle), relative to `base`. */
export function staleSources(bundle: string, sources: string[], base: string): string[] {
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : -Infinity;
  return sources
    .flatMap((root) => [...files(root)])
    .filter((file) => statSync(file).mtimeMs > built)
    .map((file) => relative(base, file));
}

/** Rebuilds the bundle when a source is newer; returns what was stale. Throws one line if the build fails. */
export function ensureFreshBundle(
  options: { bundle?: string; sources?: string[]; build?: () => { ok: boolean; output: string } } = {},
): string[] {
  const bundle = options.bundle ?? join(PLUGIN_DIR, "dist", "server.js");
  const stale = staleSources(bundle, options.sources ?? BUNDLE_SOURCES, PACKAGES);
  if (stale.length === 0) return stale;
  const build =
    options.build ??
    (() => {
      const run = Bun.spawnSync(["bun", "run", "build"], { cwd: PLUGIN_DIR, stdout: "pipe", stderr: "pipe" });
      return { ok: run.exitCode === 0, output: `${run.stdout.toString()}${run.stderr.toString()}` };
    });
  const result = build();
  if (!result.ok)
    throw new Error(
      `the plugin bundle is older than ${stale[0]} and rebuilding it failed: ${result.output.trim().split("\n").at(-1)}`,
    );
  return stale;
}
