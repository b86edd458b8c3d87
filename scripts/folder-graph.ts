// Folder-level import graph of a package's src/, shared by the packages' architecture tests: each package
// keeps its folders layered, and a cycle between two folders is the first sign the layering broke.
import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

// Static `import … from`, `export … from`, bare `import "…"` and `import("…")` with a literal specifier.
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|(?:^|\n)\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

export type Graph = Map<string, Set<string>>;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level folder under `src` a file lives in; files directly in `src` are entry points (undefined). */
export function folderOf(src: string, file: string): string | undefined {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** Every module specifier a source text imports or re-exports from, in order. */
export function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/** Folder → folders it imports from (relative imports only; packages are outside the question). */
export function folderGraph(src: string, files: readonly string[], read: (file: string) => string): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const from = folderOf(src, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of specifiers(read(file))) {
      if (!spec.startsWith(".")) continue;
      const to = folderOf(src, resolve(dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's folders, each found once from its smallest member (depth-first search). */
export function folderCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const walk = (start: string, node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const key = [...path].sort().join(",");
        if (!seen.has(key)) cycles.push([...path, start]);
        seen.add(key);
      } else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return cycles;
}
