import type { CustomSection } from "@agent-hud/hud-components";
import { statSync } from "node:fs";
import { canLoadComponents, registerHudRoot } from "./bun-hooks.ts";
import { discoverComponents, type ComponentFile } from "./discover.ts";
import { gateForDirectory, verdictOnDisk } from "./gate.ts";
import { failedSection, forgetModules, loadComponent } from "./load-component.ts";
import { hudRoots, type RootOptions } from "./roots.ts";

export type LoadOptions = RootOptions;

/** `held`: the file waits for the person; the section (if any) is its last accepted version. */
type Loaded = { stamp: string; section?: CustomSection; held?: string };
type DirectoryCache = { key: string; files: Map<string, Loaded>; sections: CustomSection[] };

const caches = new Map<string, DirectoryCache>();

/** Changes whenever an editor saves the file, including saves within one clock tick that change its size. */
function stampOf(path: string): string | undefined {
  try {
    const stat = statSync(path);
    return `${Math.trunc(stat.mtimeMs * 1000)}-${stat.size}-${stat.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The custom sections for a project: component files in `<directory>/.opencode/hud/` and in the global
 * `opencode/hud/` config folder. Called on every render; it lists the folders and stats each file, and
 * loads only files that are new or changed since the last call, so an edit shows in the next HUD without
 * a restart. Returns the same array while nothing changed (callers may key caches on it). Never throws.
 */
export function loadComponentFiles(directory: string, options: LoadOptions = {}): CustomSection[] {
  const roots = hudRoots(directory, options);
  const cacheKey = `${directory}\0${roots.map((r) => r.dir).join("\0")}`;
  let cache = caches.get(cacheKey);
  if (!cache) caches.set(cacheKey, (cache = { key: cacheKey, files: new Map(), sections: [] }));

  const gate = gateForDirectory(directory);
  // a decision of the person's rewrites the store: files held back are looked at again
  const decisions = gate?.store.stamp();
  const files = discoverComponents(roots);
  const next = new Map<string, Loaded>();
  let changed = files.length !== cache.files.size;
  for (const file of files) {
    const stamp = stampOf(file.path);
    if (stamp === undefined) continue;
    const previous = cache.files.get(file.path);
    if (previous && previous.stamp === stamp && (previous.held === undefined || previous.held === decisions)) {
      next.set(file.path, previous);
      continue;
    }
    changed = true;
    if (gate && decisions !== undefined && verdictOnDisk(gate, file.path) !== "run") {
      next.set(file.path, { stamp, held: decisions, ...(previous?.section ? { section: previous.section } : {}) });
      continue;
    }
    if (previous) forgetModules(file.root.dir);
    next.set(file.path, { stamp, section: load(file, stamp) });
  }
  if (!changed) return cache.sections;
  cache.files = next;
  cache.sections = [...next.values()].flatMap((entry) => (entry.section ? [entry.section] : []));
  return cache.sections;
}

function load(file: ComponentFile, stamp: string): CustomSection {
  if (!canLoadComponents())
    return failedSection(
      file.name,
      file.root.display(file.path),
      "custom components need the Bun runtime that opencode runs on",
    );
  try {
    registerHudRoot(file.root.dir);
  } catch (error) {
    return failedSection(
      file.name,
      file.root.display(file.path),
      `could not register the component loader: ${String(error)}`,
    );
  }
  return loadComponent(file, stamp);
}

/** Forget every loaded component (tests; a host that wants a cold reload). */
export function clearComponentFiles(): void {
  caches.clear();
}
