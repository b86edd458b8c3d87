import { describe, expect, test } from "bun:test";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();

/** The HUD line naming `file`, after checking the built-in task section survived. */
async function errorLine(file: string): Promise<string> {
  const md = await fixture.render();
  expect(md).toContain("ship the loader");
  const lines = md.split("\n").filter((l) => l.includes(file));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("a file that cannot be used renders one line naming it, the rest of the HUD intact", () => {
  test("syntax error: position and source line", async () => {
    fixture.dirs.write("Broken.tsx", `export default function Broken() {\n  return <section>;\n}\n`);
    expect(await errorLine("Broken.tsx")).toMatch(
      /^\*\*⚠ custom section failed\*\* \.opencode\/hud\/Broken\.tsx: SyntaxError: .* at line 2:\d+ \(return \\<section>;\)$/,
    );
  });

  test("throws while its module is evaluated (in the sandbox)", async () => {
    fixture.dirs.write("Boom.tsx", `throw new Error("no config found");\nexport default () => null;\n`);
    expect(await errorLine("Boom.tsx")).toContain(".opencode/hud/Boom.tsx: Error: no config found");
  });

  test("missing default export names the expected shape", async () => {
    fixture.dirs.write("Named.tsx", `export function Named() { return <paragraph>x</paragraph>; }\n`);
    expect(await errorLine("Named.tsx")).toContain(
      "failed to load: no default export; expected export default function",
    );
  });

  for (const [name, line] of [
    ["a package", `import chalk from "chalk-not-installed";`],
    ["node:fs", `import { readFileSync } from "node:fs";`],
    ["bun", `import { $ } from "bun";`],
    ["a dynamic import", `const fs = import("fs");`],
    ["a macro attribute", `import { x } from "./lib/x.ts" with { type: "macro" };`],
    ["a re-export", `export * as x from "./lib/x.ts";`],
  ] as const)
    test(`an import of ${name} is refused in one line, before anything compiles`, async () => {
      fixture.dirs.write("lib/x.ts", `export const x = 1;\n`);
      fixture.dirs.write("Dep.tsx", `${line}\nexport default () => <paragraph>never</paragraph>;\n`);
      const out = await errorLine("Dep.tsx");
      expect(out).toMatch(
        /Dep\.tsx: failed to load: .* is not available in the sandbox: a component file imports only/,
      );
      expect(out.split("\n")).toHaveLength(1);
    });

  test("a helper's own imports are checked the same way", async () => {
    fixture.dirs.write("lib/io.ts", `import { spawnSync } from "node:child_process";\nexport const run = spawnSync;\n`);
    fixture.dirs.write(
      "UsesIo.tsx",
      `import { run } from "./lib/io.ts";\nexport default () => <paragraph>{String(run)}</paragraph>;\n`,
    );
    expect(await errorLine("UsesIo.tsx")).toContain(`failed to load: lib/io.ts: "node:child_process" is not available`);
  });

  test("a component that throws while rendering shows its error in its slot", async () => {
    fixture.dirs.write("Throws.tsx", `export default function Throws() { throw new Error("git not found"); }\n`);
    fixture.dirs.write("Fine.tsx", `export default () => <paragraph>still fine</paragraph>;\n`);
    expect(await errorLine("Throws.tsx")).toEndWith(".opencode/hud/Throws.tsx: Error: git not found (in Throws)");
    expect(await fixture.render()).toContain("still fine");
  });

  test("an async component is reported, not awaited", async () => {
    fixture.dirs.write("Later.tsx", `export default async function Later() { return <paragraph>late</paragraph>; }\n`);
    expect(await errorLine("Later.tsx")).toMatch(/Later\.tsx: .*promise/);
  });

  test("an invalid node is reported with its path", async () => {
    fixture.dirs.write("BadNode.tsx", `export default () => <heading depth={9}>too deep</heading>;\n`);
    expect(await errorLine("BadNode.tsx")).toMatch(/BadNode\.tsx: .*depth/);
  });
});
