import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { folderCycles, folderGraph, sourceFiles } from "../../../../scripts/folder-graph.ts";

const SRC = resolve(import.meta.dir, "../../src");

describe("folder imports point one way", () => {
  test("the checker finds a cycle in a tiny in-memory graph (so the real check can fail)", () => {
    const files = ["a/x.ts", "b/y.ts", "c/z.ts"].map((f) => join(SRC, f));
    const text: Record<string, string> = {
      [files[0] as string]: `import { y } from "../b/y.ts";`,
      [files[1] as string]: `export { z } from "../c/z.ts";`,
      [files[2] as string]: `import type { x } from "../a/x.ts";\nimport { h } from "@agent-hud/ujsx";`,
    };
    const graph = folderGraph(SRC, files, (f) => text[f] ?? "");
    expect(folderCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    // Break one edge: no cycle is left.
    text[files[2] as string] = `import { h } from "@agent-hud/ujsx";`;
    expect(folderCycles(folderGraph(SRC, files, (f) => text[f] ?? ""))).toEqual([]);
  });

  test("no folder of src/ imports, directly or through others, a folder that imports it back", () => {
    const graph = folderGraph(SRC, sourceFiles(SRC), (f) => readFileSync(f, "utf8"));
    // The scan really read the layering (a regex that matched nothing would pass vacuously).
    expect(graph.get("render")?.has("budget")).toBe(true);
    expect(graph.get("budget")?.has("sections")).toBe(true);
    expect(graph.get("sections")?.has("components")).toBe(true);
    expect(folderCycles(graph)).toEqual([]);
  });
});
