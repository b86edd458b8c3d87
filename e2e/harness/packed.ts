/**
 * The workspace's three packages packed the way a maintainer packs them (`bun pm pack`: the prepack script
 * builds each one, workspace: ranges become versions). Packing rewrites dist/, which every other file's
 * opencode loads, so run-files packs once before any file starts and hands the folder to the files that
 * install the packages (AGENT_HUD_E2E_PACKED); a file run on its own packs for itself. `bun run test`
 * packs from its own fresh build before any package's tests or typecheck start (scripts/test.ts).
 */
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const PACKAGES_DIR = resolve(import.meta.dir, "../../packages");
/** Publish order: dependencies first. */
export const PUBLISHED = ["ujsx", "hud-components", "hud-plugin"] as const;
export const PACKED_ENV = "AGENT_HUD_E2E_PACKED";

/**
 * Packs the three packages into a new temp folder and returns it; throws one line if a pack fails.
 * `build: false` packs `dist/` as it is (no prepack build), for a caller that has just built it and runs
 * other work against it: the prepack build empties and rewrites `dist/`, and a typecheck reading it then fails.
 */
export function packWorkspace({ build = true }: { build?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "agent-hud-packed-"));
  const scripts = build ? [] : ["--ignore-scripts"];
  for (const name of PUBLISHED) {
    const run = Bun.spawnSync(["bun", "pm", "pack", "--destination", dir, "--quiet", ...scripts], {
      cwd: join(PACKAGES_DIR, name),
      stdout: "pipe",
      stderr: "pipe",
    });
    if (run.exitCode !== 0)
      throw new Error(`bun pm pack in packages/${name} failed (${run.exitCode}): ${run.stderr.toString().trim()}`);
  }
  return dir;
}

let packed: string | undefined;

/** The folder holding the packed tarballs: the run's (packed before any file started), or packed now. */
export function packedWorkspace(): string {
  packed ??= Bun.env[PACKED_ENV] && existsSync(Bun.env[PACKED_ENV]) ? Bun.env[PACKED_ENV] : packWorkspace();
  return packed;
}

/** The tarball of one workspace package in the packed folder. */
export function tarballOf(name: (typeof PUBLISHED)[number]): string {
  const dir = packedWorkspace();
  const file = readdirSync(dir).find((f) => f.startsWith(`agent-hud-${name}-`) && f.endsWith(".tgz"));
  if (!file) throw new Error(`no tarball of @agent-hud/${name} in ${dir}: ${readdirSync(dir).join(", ")}`);
  return join(dir, file);
}
