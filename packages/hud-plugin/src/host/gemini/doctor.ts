import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { installedVersion, versionLine, type HostVersion } from "../../host-doctor/version.ts";
import { PLUGIN_ABOUT } from "../../hook-process/plugin-files.ts";
import { EXTENSION_NAME, RELEASE_BRANCH } from "./names.ts";

/**
 * The Gemini CLI versions the e2e suite runs: the newest in full, the oldest as a smoke subset (e2e/oldest).
 * 0.41.2 failed the smoke test (the `hud` call's answer missing from the next request); 0.40 has no
 * `--session-id`.
 */
export const GEMINI_SUPPORTED = { oldest: "0.42.0", newest: "0.61.0" } as const;

type Env = Record<string, string | undefined>;

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
  const lines = [versionLine(GEMINI, geminiVersion())];
  const manifest = readJson(join(home, ".gemini", "extensions", EXTENSION_NAME, "gemini-extension.json"));
  lines.push(
    manifest
      ? `gemini: extension ${EXTENSION_NAME} ${String(manifest["version"] ?? "")} installed`.trimEnd()
      : `gemini: extension not installed (gemini extensions install ${PLUGIN_ABOUT.homepage} --ref=${RELEASE_BRANCH})`,
  );
  const settings = readJson(join(home, ".gemini", "settings.json"));
  const hooks = settings?.["hooksConfig"] as { enabled?: unknown } | undefined;
  if (hooks?.enabled === false)
    lines.push(
      "gemini: hooks are off in ~/.gemini/settings.json (hooksConfig.enabled): the HUD never reaches the model",
    );
  return lines;
}

const GEMINI: HostVersion = { host: "gemini", product: "Gemini CLI", supported: GEMINI_SUPPORTED };

/** `gemini --version` prints the bare version. */
const installedGeminiVersion = (env: Env) => installedVersion("gemini", env, 10_000);
