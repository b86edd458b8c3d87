import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");

// Static `import … from`, `export … from` and bare `import "…"`; the package has no dynamic imports.
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|(?:^|\n)\s*import\s*"([^"]+)"/g;

type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level folder under src/ a file lives in; files directly in src/ are the entry points. */
const folderOf = (file: string): string | undefined => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};

/** Folder → folders it imports from (relative imports only; packages are outside the question). */
function folderGraph(files: readonly string[], read: (file: string) => string): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of read(file).matchAll(SPECIFIER)) {
      const spec = match[1] ?? match[2] ?? "";
      if (!spec.startsWith(".")) continue;
      const to = folderOf(resolve(dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's folders, each found once from its smallest member (depth-first search). */
function folderCycles(graph: Graph): string[][] {
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

describe("folder imports point one way", () => {
  test("the checker finds a cycle in a tiny in-memory graph (so the real check can fail)", () => {
    const files = ["a/x.ts", "b/y.ts", "c/z.ts"].map((f) => join(SRC, f));
    const text: Record<string, string> = {
      [files[0] as string]: `import { y } from "../b/y.ts";`,
      [files[1] as string]: `export { z } from "../c/z.ts";`,
      [files[2] as string]: `import type { x } from "../a/x.ts";\nimport { h } from "@agent-hud/ujsx";`,
    };
    const graph = folderGraph(files, (f) => text[f] ?? "");
    expect(folderCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    // Break one edge: no cycle is left.
    text[files[2] as string] = `import { h } from "@agent-hud/ujsx";`;
    expect(folderCycles(folderGraph(files, (f) => text[f] ?? ""))).toEqual([]);
  });

  test("no folder of src/ imports, directly or through others, a folder that imports it back", () => {
    const graph = folderGraph(sourceFiles(SRC), (f) => readFileSync(f, "utf8"));
    // The scan really read the layering (a regex that matched nothing would pass vacuously).
    expect(graph.get("render")?.has("budget")).toBe(true);
    expect(graph.get("budget")?.has("sections")).toBe(true);
    expect(graph.get("sections")?.has("components")).toBe(true);
    expect(folderCycles(graph)).toEqual([]);
  });
});
