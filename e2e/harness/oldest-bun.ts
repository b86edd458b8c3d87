/**
 * The oldest Bun the plugin supports, hud-plugin's `engines.bun`: Claude Code, Codex CLI and Gemini CLI start
 * the hooks, the MCP servers and the status line with the person's own `bun`, found on PATH. The oldest subset
 * runs a few of those hosts' files again with this Bun first on the PATH their test process passes on, while
 * the tests themselves run on the pinned Bun. opencode runs the plugin in its own Bun, so it needs no such run.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** A `bun` binary to use as the oldest instead of the one the run installs (it must report that version). */
export const OLDEST_BUN_ENV = "AGENT_HUD_OLDEST_BUN";

const PLUGIN_PACKAGE = new URL("../../packages/hud-plugin/package.json", import.meta.url).pathname;

/** The version `engines.bun` starts at: the oldest Bun the package claims is the one tested. */
export function oldestBunVersion(): string {
  const range: unknown = JSON.parse(readFileSync(PLUGIN_PACKAGE, "utf8")).engines?.bun;
  const m = typeof range === "string" ? /^>=\s*(\d+\.\d+\.\d+)$/.exec(range) : null;
  if (!m) throw new Error(`hud-plugin's engines.bun must read ">=x.y.z" (the oldest Bun tested), not ${range}`);
  return m[1]!;
}

function versionOf(bin: string): string {
  const run = Bun.spawnSync([bin, "--version"], { stdout: "pipe", stderr: "pipe" });
  return run.exitCode === 0 ? run.stdout.toString().trim() : `none (${run.stderr.toString().trim()})`;
}

/**
 * The folder holding the oldest `bun`, to put first on PATH: $AGENT_HUD_OLDEST_BUN's, else a private npm
 * prefix under e2e/oldest/node_modules, installed there on first need (npm's `bun` package, as a person
 * installs it). Throws when the binary is missing or reports another version.
 */
export function oldestBunDir(): string {
  const version = oldestBunVersion();
  const named = Bun.env[OLDEST_BUN_ENV];
  let bin: string;
  if (named) {
    bin = resolve(named);
    // the hosts find it by name on PATH
    if (basename(bin) !== "bun") throw new Error(`${OLDEST_BUN_ENV} must name a file called bun, not ${bin}`);
  } else {
    const prefix = new URL(`../oldest/node_modules/.bun-${version}`, import.meta.url).pathname;
    bin = join(prefix, "node_modules", ".bin", "bun");
    if (!existsSync(bin)) {
      const npm = ["npm", "install", "--prefix", prefix, "--no-fund", "--no-audit", "--no-save", `bun@${version}`];
      // a registry npm cannot reach makes it retry for minutes: a bounded wait, then one line saying what to do
      const run = Bun.spawnSync(npm, { stdout: "pipe", stderr: "pipe", timeout: 180_000 });
      if (run.exitCode !== 0)
        throw new Error(
          `${npm.join(" ")} failed (${run.signalCode ?? `exit ${run.exitCode}`}); install Bun ${version} yourself ` +
            `and name its binary in ${OLDEST_BUN_ENV}: ${run.stderr.toString().trim().split("\n").at(-1) ?? ""}`,
        );
    }
  }
  const found = versionOf(bin);
  if (found !== version)
    throw new Error(`the oldest Bun at ${bin} is ${found}, not ${version} (hud-plugin's engines.bun)`);
  return dirname(bin);
}
