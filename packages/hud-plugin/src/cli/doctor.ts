import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { configFiles, configLayers, globalConfigDir, readBoundedText } from "../config/files.ts";
import { loadConfig } from "../config/load.ts";
import { storageDirFor } from "../config/storage-dir.ts";
import { decisionsDir } from "../component-files/acceptance.ts";
import { storedFiles } from "./stored.ts";
import { worktreeOf } from "./project.ts";
import { hostDoctorLines } from "../host/cli-parts.ts";

/** The opencode releases the V1 entry is checked against (CI runs both ends) and the V2 entry's status. */
const SUPPORTED =
  ">= 1.15.13 and 1.x (checked on 1.15.13 and 1.18.33); 2.x through `setup` (built from its published API, not run here)";
const PACKAGE = "@agent-hud/hud-plugin";

type Env = Record<string, string | undefined>;
type Io = { out: (text: string) => void; opencodeVersion?: () => string | undefined };

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(3, "0");

/** Which layer last set each top-level option: the file, or the plugin entry. */
function origins(directory: string, env: Env): Array<[string, string]> {
  const from = new Map<string, string>();
  for (const layer of configLayers(directory, env)) {
    if (layer?.options && typeof layer.options === "object")
      for (const key of Object.keys(layer.options as object)) from.set(key, layer.source);
  }
  return [...from.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Whether a TUI config (`tui.json`) of the project or the global folder lists the plugin. */
function tuiRegistered(directory: string, env: Env): string | undefined {
  for (const file of [join(directory, ".opencode", "tui.json"), join(globalConfigDir(env), "tui.json")]) {
    if (!existsSync(file)) continue;
    const text = readBoundedText(file);
    if (typeof text !== "string") continue;
    if (text.includes(PACKAGE) || /hud-plugin/.test(text)) return file;
  }
  return undefined;
}

/** `agent-hud doctor`: where the configuration came from, where data lives and how private it is, and the host. */
export function runDoctor(cwd: string, env: Env, io: Io): number {
  const worktree = worktreeOf(cwd);
  const lines: string[] = [`project ${worktree}`];
  const layers = configLayers(cwd, env);
  for (const [i, file] of configFiles(cwd, env).entries()) {
    const layer = layers[i];
    lines.push(`config ${file}: ${!layer ? "not present" : layer.error ? `ignored, ${layer.error}` : "read"}`);
  }
  const { config, problems } = loadConfig(cwd, undefined, env);
  for (const [key, file] of origins(cwd, env)) lines.push(`option ${key} from ${file}`);
  for (const problem of problems) lines.push(`problem ${problem.message}`);
  lines.push(
    `enabled ${config.enabled}, memory file ${config.memoryFile.enabled ? "on" : "off"}, recall ${config.recall.enabled ? "on" : "off"}, redaction ${config.privacy.redact ? "on" : "off"}`,
  );
  const dir = storageDirFor(cwd, undefined, env);
  if (!existsSync(dir)) lines.push(`data folder ${dir}: not created yet`);
  else {
    const folder = mode(dir);
    lines.push(
      `data folder ${dir}: mode ${folder}${folder === "700" ? "" : " (expected 700: the plugin tightens it on its next start)"}`,
    );
    for (const f of storedFiles(dir)) {
      const m = mode(join(dir, f.name));
      lines.push(`file ${f.name}: ${f.bytes} bytes, mode ${m}${m === "600" ? "" : " (expected 600)"}`);
    }
  }
  // the person's accept/reject of component files: a folder of its own that no option moves
  const decisions = decisionsDir(env);
  lines.push(
    existsSync(decisions)
      ? `component decisions ${decisions}: mode ${mode(decisions)}`
      : `component decisions ${decisions}: none yet`,
  );
  const tui = tuiRegistered(cwd, env);
  lines.push(
    tui ? `TUI entry registered in ${tui}` : "TUI entry not registered (`opencode plugin` lists it in tui.json)",
  );
  // the JSON Schema shipped beside the built CLI: what an agent-hud.jsonc's "$schema" can point at
  const schema = join(import.meta.dir, "..", "agent-hud.schema.json");
  lines.push(existsSync(schema) ? `schema for "$schema": ${schema}` : "schema: not built (run bun run build)");
  const version = io.opencodeVersion?.();
  lines.push(`opencode ${version ?? "not found on PATH"}; supported: ${SUPPORTED}`);
  lines.push(...hostDoctorLines(dir, env));
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** `opencode --version`, when an opencode is on PATH. */
export function opencodeVersion(): string | undefined {
  try {
    const run = Bun.spawnSync(["opencode", "--version"], { stdout: "pipe", stderr: "ignore", timeout: 10_000 });
    const text = run.stdout.toString().trim();
    return run.exitCode === 0 && text ? text : undefined;
  } catch {
    return undefined;
  }
}
