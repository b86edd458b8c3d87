import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { HudRoot } from "./roots.ts";

export type ComponentFile = { path: string; name: string; root: HudRoot };

const COMPONENT_FILE = /^([^._][^/]*?)\.(tsx|ts|jsx|js)$/;
const NOT_A_COMPONENT = /\.(test|spec|d)\.[jt]sx?$/;

/**
 * Component files directly inside each root. Subfolders hold helpers the components import, and names
 * starting with `.` or `_` are skipped the same way, so a helper never renders as a section of its own.
 */
export function discoverComponents(roots: HudRoot[]): ComponentFile[] {
  const byName = new Map<string, ComponentFile>();
  for (const root of roots) {
    for (const entry of listDir(root.dir)) {
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const match = COMPONENT_FILE.exec(entry.name);
      if (!match || NOT_A_COMPONENT.test(entry.name)) continue;
      const name = match[1]!;
      // roots come project-first, so the first file of a name wins
      if (!byName.has(name)) byName.set(name, { path: join(root.dir, entry.name), name, root });
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listDir(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    // a missing folder simply means no components there
    return [];
  }
}
