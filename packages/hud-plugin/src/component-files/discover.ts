import { opendirSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { HudRoot } from "./roots.ts";

export type ComponentFile = { path: string; name: string; root: HudRoot };

const COMPONENT_FILE = /^([^._][^/]*?)\.(tsx|ts|jsx|js)$/;
const NOT_A_COMPONENT = /\.(test|spec|d)\.[jt]sx?$/;
/** Component files read from one folder, in name order: far more sections than a HUD has room for. */
export const MAX_COMPONENT_FILES = 64;
/** Entries looked at in one folder: a repository's folder of 100,000 files would be listed on every call. */
export const MAX_FOLDER_ENTRIES = 4_096;

/**
 * Component files directly inside each root. Subfolders hold helpers the components import, and names
 * starting with `.` or `_` are skipped the same way, so a helper never renders as a section of its own.
 * A folder is a repository's or an agent's to fill: past MAX_FOLDER_ENTRIES entries none of its files is
 * read, past MAX_COMPONENT_FILES component files the rest are not; `skipped` says which and why.
 */
export function discoverComponents(
  roots: HudRoot[],
  skipped: (root: HudRoot, reason: string) => void = () => {},
): ComponentFile[] {
  const byName = new Map<string, ComponentFile>();
  for (const root of roots) {
    const entries = listDir(root.dir);
    if (entries.length > MAX_FOLDER_ENTRIES) {
      skipped(root, `the folder holds more than ${MAX_FOLDER_ENTRIES} entries; none of its files is read`);
      continue;
    }
    const names: Array<[string, string]> = [];
    for (const entry of entries) {
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const match = COMPONENT_FILE.exec(entry.name);
      if (match && !NOT_A_COMPONENT.test(entry.name)) names.push([match[1]!, entry.name]);
    }
    names.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (names.length > MAX_COMPONENT_FILES)
      skipped(
        root,
        `the folder holds ${names.length} component files; only the first ${MAX_COMPONENT_FILES} by name are read`,
      );
    for (const [name, file] of names.slice(0, MAX_COMPONENT_FILES))
      // roots come project-first, so the first file of a name wins
      if (!byName.has(name)) byName.set(name, { path: join(root.dir, file), name, root });
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** At most one entry past the limit, read one by one: a huge folder costs no more than the limit. */
function listDir(dir: string): Dirent[] {
  const entries: Dirent[] = [];
  let handle;
  try {
    handle = opendirSync(dir);
  } catch {
    // a missing folder simply means no components there
    return entries;
  }
  try {
    for (let entry; entries.length <= MAX_FOLDER_ENTRIES && (entry = handle.readSync());) entries.push(entry);
  } catch {
    // a folder that cannot be listed holds no components
  } finally {
    handle.closeSync();
  }
  return entries;
}
