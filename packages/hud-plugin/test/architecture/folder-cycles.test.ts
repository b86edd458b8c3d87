import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { folderCycles, folderGraph, sourceFiles } from "../../../../scripts/folder-graph.ts";

const SRC = resolve(import.meta.dir, "../../src");

describe("hud-plugin folder imports point one way", () => {
  test("the checker sees a dynamic import edge and reports the cycle it closes (so the real check can fail)", () => {
    const files = ["hooks/a.ts", "tools/b.ts"].map((f) => join(SRC, f));
    const text: Record<string, string> = {
      [files[0]!]: `import { b } from "../tools/b.ts";`,
      [files[1]!]: `const a = await import("../hooks/a.ts");`,
    };
    expect(folderCycles(folderGraph(SRC, files, (f) => text[f] ?? ""))).toEqual([["hooks", "tools", "hooks"]]);
  });

  test("no folder of src/ imports, directly or through others, a folder that imports it back", () => {
    const graph = folderGraph(SRC, sourceFiles(SRC), (f) => readFileSync(f, "utf8"));
    // the scan really read the layering (a regex that matched nothing would pass vacuously)
    expect(graph.get("hooks")?.has("runtime")).toBe(true);
    expect(graph.get("tools")?.has("runtime")).toBe(true);
    expect(graph.get("host")?.has("hooks")).toBe(true);
    expect(folderCycles(graph)).toEqual([]);
  });

  test("the board (the person's views) reads storage and layouts, never the runtime or a host", () => {
    const graph = folderGraph(SRC, sourceFiles(SRC), (f) => readFileSync(f, "utf8"));
    const board = [...(graph.get("board") ?? [])].sort();
    expect(board).toContain("store");
    expect(board.filter((f) => !["store", "cache-ledger", "config", "component-files"].includes(f))).toEqual([]);
  });

  test("only src/host/ imports a host package (@opencode-ai/*, @modelcontextprotocol/*)", () => {
    const hostPackage = /from\s*"@(?:opencode-ai|modelcontextprotocol)\//;
    const inside = sourceFiles(SRC).filter((f) => hostPackage.test(readFileSync(f, "utf8")));
    // the pattern matches real imports (the opencode 1 adapter's hooks), so an empty list below means something
    expect(inside.some((f) => f.includes(join("host", "v1")))).toBe(true);
    const outside = inside.filter((f) => !f.startsWith(join(SRC, "host")));
    expect(outside.map((f) => f.slice(SRC.length + 1))).toEqual([]);
  });
});
