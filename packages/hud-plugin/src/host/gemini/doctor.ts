import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { EXTENSION_NAME } from "./names.ts";

/**
 * The Gemini CLI versions the e2e suite runs: the newest in full, the oldest as a smoke subset (e2e/oldest).
 * 0.41.2 failed the smoke test (the `hud` call's answer missing from the next request); 0.40 has no
 * `--session-id`.
 */
export const GEMINI_SUPPORTED = { oldest: "0.42.0", newest: "0.61.0" } as const;

type Env = Record<string, string | undefined>;

const parts = (v: string) => v.split(".").map((n) => Number.parseInt(n, 10) || 0);
/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`. */
function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0) ? 1 : -1;
  return 0;
}

const readJson = (path: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/**
 * `agent-hud doctor`'s Gemini CLI lines: the installed Gemini CLI against the tested range, whether the
 * extension is installed (Gemini CLI copies it under `~/.gemini/extensions/<name>`) and whether hooks are on.
 */
export function geminiDoctor(
  env: Env,
  geminiVersion: () => string | null = () => installedGeminiVersion(env),
): string[] {
  const home = env["HOME"] || homedir();
  const lines = [versionLine(geminiVersion())];
  const manifest = readJson(join(home, ".gemini", "extensions", EXTENSION_NAME, "gemini-extension.json"));
  lines.push(
    manifest
      ? `gemini: extension ${EXTENSION_NAME} ${String(manifest["version"] ?? "")} installed`.trimEnd()
      : `gemini: extension not installed (gemini extensions install <the package's dist/gemini folder>)`,
  );
  const settings = readJson(join(home, ".gemini", "settings.json"));
  const hooks = settings?.["hooksConfig"] as { enabled?: unknown } | undefined;
  if (hooks?.enabled === false)
    lines.push(
      "gemini: hooks are off in ~/.gemini/settings.json (hooksConfig.enabled): the HUD never reaches the model",
    );
  return lines;
}

function versionLine(version: string | null): string {
  const { oldest, newest } = GEMINI_SUPPORTED;
  const range = `supported ${oldest} to ${newest}`;
  if (!version) return `gemini: \`gemini\` not found on PATH (${range})`;
  if (compare(version, oldest) < 0) return `gemini: Gemini CLI ${version} is older than ${oldest}; update it`;
  if (compare(version, newest) > 0)
    return `gemini: Gemini CLI ${version} is newer than the newest tested (${newest}); report anything odd`;
  return `gemini: Gemini CLI ${version} (${range})`;
}

/** `gemini --version` prints the bare version; a missing or silent binary reads as not found. */
function installedGeminiVersion(env: Env): string | null {
  try {
    const run = Bun.spawnSync(["gemini", "--version"], {
      env: { PATH: env["PATH"] ?? process.env.PATH ?? "/usr/bin:/bin", HOME: env["HOME"] ?? homedir() },
      stdout: "pipe",
      stderr: "ignore",
      timeout: 10_000,
    });
    return /^(\d+\.\d+\.\d+)/.exec(run.stdout.toString().trim())?.[1] ?? null;
  } catch {
    return null;
  }
}
