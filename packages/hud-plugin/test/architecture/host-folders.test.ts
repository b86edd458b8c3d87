import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { sourceFiles } from "../../../../scripts/folder-graph.ts";

const HOST = resolve(import.meta.dir, "../../src/host");

/**
 * opencode's two generations are one host: `opencode/` holds what V1 and V2 share (its tool names, usage).
 * Every other pair of host folders shares through a folder outside `host/` (`append-only/`, `runtime/`…).
 */
const SHARED: Record<string, string[]> = { v1: ["opencode"], v2: ["opencode"] };

const SPECIFIER = /(?:from\s*|import\(\s*)"(\.{1,2}\/[^"]+)"/g;

/** Imports from one host folder into another's, as `from-file -> to-file`, relative to `host/`. */
function crossings(files: string[], read: (file: string) => string): string[] {
  const folderOf = (file: string) => relative(HOST, file).split("/")[0]!;
  const out: string[] = [];
  for (const file of files) {
    const own = folderOf(file);
    // files directly in host/ (the CLI's by-purpose index) may name every host
    if (!relative(HOST, file).includes("/")) continue;
    for (const match of read(file).matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1]!);
      const rel = relative(HOST, target);
      if (rel.startsWith("..") || !rel.includes("/")) continue;
      const other = folderOf(target);
      if (other !== own && !(SHARED[own] ?? []).includes(other)) out.push(`${relative(HOST, file)} -> ${rel}`);
    }
  }
  return out;
}

describe("a host's folder imports no other host's folder", () => {
  test("the check sees a static and a dynamic import into another host (so the real check can fail)", () => {
    const files = ["codex/a.ts", "claude-code/mod/b.ts", "v1/c.ts"].map((f) => resolve(HOST, f));
    const text: Record<string, string> = {
      [files[0]!]: `import { x } from "../claude-code/handle.ts";\nimport { y } from "../../append-only/emission.ts";`,
      [files[1]!]: `const z = await import("../../codex/link.ts");`,
      [files[2]!]: `import { w } from "../opencode/usage.ts";`,
    };
    expect(crossings(files, (f) => text[f] ?? "")).toEqual([
      "codex/a.ts -> claude-code/handle.ts",
      "claude-code/mod/b.ts -> codex/link.ts",
    ]);
  });

  test("no file under src/host/<host>/ imports from another host's folder", () => {
    const files = sourceFiles(HOST);
    // the scan reads every host, the newest among them
    expect(files.some((f) => f.includes("/codex/"))).toBe(true);
    expect(files.some((f) => f.includes("/claude-code/"))).toBe(true);
    expect(crossings(files, (f) => readFileSync(f, "utf8"))).toEqual([]);
  });
});
