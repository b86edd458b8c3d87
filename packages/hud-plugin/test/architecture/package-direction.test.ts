// docs/architecture.md, "Packages and folders": dependencies point one way (hud-plugin → hud-components →
// ujsx), and the two libraries below the plugin are pure: no disk, no runtime built-ins, no host.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sourceFiles, specifiers } from "../../../../scripts/folder-graph.ts";

const PACKAGES = resolve(import.meta.dir, "../../..");

/** What a pure library may not import: runtime built-ins, a host's package, or a package above it. */
function forbidden(spec: string, above: readonly string[]): boolean {
  if (/^(node:|bun:|bun$)/.test(spec)) return true;
  if (/^(fs|path|os|child_process|net|worker_threads)(\/|$)/.test(spec)) return true;
  if (/^@(opencode-ai|modelcontextprotocol)\//.test(spec)) return true;
  return above.some((name) => spec === `@agent-hud/${name}` || spec.startsWith(`@agent-hud/${name}/`));
}

function violations(pkg: string, above: readonly string[]): string[] {
  const src = join(PACKAGES, pkg, "src");
  return sourceFiles(src).flatMap((file) =>
    specifiers(readFileSync(file, "utf8"))
      .filter((spec) => forbidden(spec, above))
      .map((spec) => `${file.slice(PACKAGES.length + 1)} imports ${spec}`),
  );
}

describe("the packages depend one way and the libraries stay pure", () => {
  test("the check sees a built-in, a host package and an upward import (so the real checks can fail)", () => {
    const text = `import { readFileSync } from "node:fs";\nexport { x } from "@agent-hud/hud-plugin/internal";\nconst m = await import("@opencode-ai/plugin");\nimport "bun:sqlite";`;
    expect(
      specifiers(text)
        .filter((spec) => forbidden(spec, ["hud-plugin"]))
        .sort(),
    ).toEqual(["@agent-hud/hud-plugin/internal", "@opencode-ai/plugin", "bun:sqlite", "node:fs"]);
    expect(forbidden("@agent-hud/ujsx/jsx-runtime", ["hud-plugin"])).toBe(false);
    expect(forbidden("mdast-util-to-markdown", ["hud-plugin"])).toBe(false);
  });

  test("ujsx imports no built-in, no host and neither package above it", () => {
    // the scan read real imports: an empty list below means something
    const all = sourceFiles(join(PACKAGES, "ujsx", "src")).flatMap((f) => specifiers(readFileSync(f, "utf8")));
    expect(all).toContain("mdast-util-to-markdown");
    expect(violations("ujsx", ["hud-components", "hud-plugin"])).toEqual([]);
  });

  test("hud-components imports no built-in, no host and not the plugin", () => {
    const all = sourceFiles(join(PACKAGES, "hud-components", "src")).flatMap((f) =>
      specifiers(readFileSync(f, "utf8")),
    );
    expect(all.some((spec) => spec.startsWith("@agent-hud/ujsx"))).toBe(true);
    expect(violations("hud-components", ["hud-plugin"])).toEqual([]);
  });
});

describe("the benchmarks time what users load", () => {
  // docs/architecture.md, "Left as they are, on purpose": the exceptions, each with its reason there
  const EXCEPTIONS: Record<string, RegExp> = {
    "redaction-probe.ts": /^\.\.\/packages\/hud-plugin\/src\/privacy\//,
    "redaction.ts": /^\.\.\/packages\/hud-plugin\/test\/privacy\/corpus\.ts$/,
    "tokenizer.ts": /^\.\.\/packages\/hud-components\/(test\/support\/token-corpus|src\/tokenize\/[a-z0-9]+)\.ts$/,
  };
  test("a bench imports a package's entry points, never its source files (but the named exceptions)", () => {
    const bench = resolve(PACKAGES, "..", "bench");
    const imports = sourceFiles(bench).flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).map((spec) => ({ file: file.slice(bench.length + 1), spec })),
    );
    expect(imports.some(({ spec }) => spec === "@agent-hud/hud-plugin/internal")).toBe(true);
    const reaching = imports.filter(({ file, spec }) => spec.includes("packages/") && !EXCEPTIONS[file]?.test(spec));
    expect(reaching.map(({ file, spec }) => `${file} imports ${spec}`)).toEqual([]);
  });
});
