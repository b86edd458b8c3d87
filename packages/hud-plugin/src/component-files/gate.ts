import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { AcceptanceStore, sha256, type AcceptanceEntry } from "./acceptance.ts";
import type { HudRoot } from "./roots.ts";

/**
 * A component file runs with the plugin's rights, so writing one must not be a way to run code. Files
 * present when the plugin starts load (as opencode's own plugin folder does); a file created or changed
 * afterwards runs only once the person has accepted that exact content (its sha256), with `/hud-edit` or
 * `agent-hud components accept`. Until then the HUD keeps the component's last accepted render.
 */
export type Verdict = "run" | "waiting" | "rejected";

export type GateOptions = {
  directory: string;
  roots: HudRoot[];
  /** The plugin's data folder, where the person's decisions are kept. */
  dataDir: string;
  /** One line for the person (a toast where there is a TUI) and the log; called once per file content. */
  notify: (line: string) => void;
  now: () => number;
};

export type ComponentGate = GateOptions & {
  store: AcceptanceStore;
  /** Path → sha256 of each code file under the roots when the plugin started. */
  baseline: Map<string, string>;
  told: Set<string>;
};

const CODE_FILE = /\.(?:[cm]?ts|tsx|jsx?|mjs|cjs)$/;
const MAX_DEPTH = 4;
const MAX_FILES = 2_000;

// Shared by every copy of the plugin in the process, like the Bun loader that consults it.
const REGISTRY = Symbol.for("agent-hud.custom.gates");
function gates(): Map<string, ComponentGate> {
  const g = globalThis as { [REGISTRY]?: Map<string, ComponentGate> };
  return (g[REGISTRY] ??= new Map());
}

/** Every code file under `dir` (components and the helpers they import), to a bounded depth and count. */
export function codeFiles(dir: string, out: string[] = [], depth = 0): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (out.length >= MAX_FILES) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH && entry.name !== "node_modules") codeFiles(path, out, depth + 1);
    else if ((entry.isFile() || entry.isSymbolicLink()) && CODE_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

function hashOf(path: string): string | undefined {
  try {
    return sha256(readFileSync(path));
  } catch {
    return undefined;
  }
}

/** Takes the start-up picture of the roots and gates every later load under them. Never throws. */
export function startComponentGate(options: GateOptions): ComponentGate {
  // the first start in this process is the start: a later instance for the same folder (a reload, a
  // second copy of the plugin) would otherwise take a file written meanwhile for one present at start
  const existing = gates().get(options.directory);
  if (existing) return existing;
  const gate: ComponentGate = {
    ...options,
    store: new AcceptanceStore(options.dataDir),
    baseline: new Map(),
    told: new Set(),
  };
  const started: AcceptanceEntry[] = [];
  for (const root of options.roots)
    for (const path of codeFiles(root.dir)) {
      const hash = hashOf(path);
      if (!hash) continue;
      gate.baseline.set(path, hash);
      started.push({ path, sha256: hash, decision: "start", at: options.now() });
    }
  try {
    // kept so the person's views (another process) can tell which files changed since a start
    const known = started.filter((e) => gate.store.decision(e.path, e.sha256) === undefined);
    gate.store.record(known);
  } catch (error) {
    options.notify(`agent-hud: the component decisions in ${gate.store.file} are unusable (${line(error)})`);
  }
  gates().set(options.directory, gate);
  return gate;
}

export function gateForDirectory(directory: string): ComponentGate | undefined {
  return gates().get(directory);
}

/** The gate whose roots hold `path`, if any plugin instance in this process gates it. */
export function gateForPath(path: string): ComponentGate | undefined {
  for (const gate of gates().values()) if (gate.roots.some((root) => path.startsWith(root.dir + sep))) return gate;
  return undefined;
}

export function clearComponentGates(): void {
  gates().clear();
}

const line = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** How a file is named to the person: relative to the project, else as the root names it. */
export function displayName(gate: ComponentGate, path: string): string {
  const root = gate.roots.find((r) => path.startsWith(r.dir + sep));
  if (root?.scope === "project") return relative(gate.directory, path);
  return root ? root.display(path) : path;
}

/** Whether this content of `path` may run. A store that cannot be read accepts nothing new. */
export function verdict(gate: ComponentGate, path: string, contents: string | Uint8Array): Verdict {
  const hash = sha256(contents);
  if (gate.baseline.get(path) === hash) return "run";
  let decision;
  try {
    decision = gate.store.decision(path, hash);
  } catch (error) {
    tell(
      gate,
      `store:${line(error)}`,
      `agent-hud: cannot read ${gate.store.file} (${line(error)}); changed components wait`,
    );
  }
  // "start" is another opencode's start: this one did not see the file then, so it still asks
  if (decision === "accepted") return "run";
  const name = displayName(gate, path);
  if (decision === "rejected") return "rejected";
  tell(
    gate,
    `${path}\0${hash}`,
    `agent-hud: ${name} was written while opencode ran and will not run until you accept it: /hud-edit, or agent-hud components accept ${name}`,
  );
  return "waiting";
}

/** `verdict` for the file as it is on disk now; a file that cannot be read waits. */
export function verdictOnDisk(gate: ComponentGate, path: string): Verdict {
  try {
    return verdict(gate, path, readFileSync(path));
  } catch {
    return "waiting";
  }
}

function tell(gate: ComponentGate, key: string, message: string): void {
  if (gate.told.has(key)) return;
  gate.told.add(key);
  gate.notify(message);
}
