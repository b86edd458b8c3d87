import { describe, expect, test } from "bun:test";
import { render, useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const load = () => fixture.load();

/** The HUD line naming `file`, after checking the built-in task section survived. */
function errorLine(file: string): string {
  const md = render(load());
  expect(md).toContain("ship the loader");
  const lines = md.split("\n").filter((l) => l.includes(file));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("a file that cannot be used renders one line naming it, the rest of the HUD intact", () => {
  test("syntax error: position and source line", () => {
    fixture.dirs.write("Broken.tsx", `export default function Broken() {\n  return <section>;\n}\n`);
    expect(errorLine("Broken.tsx")).toBe(
      "**⚠ custom section failed** .opencode/hud/Broken.tsx: failed to load: Syntax Error at line 2:19 (return \\<section>;)",
    );
  });

  test("throws while importing", () => {
    fixture.dirs.write("Boom.tsx", `throw new Error("no config found");\nexport default () => null;\n`);
    expect(errorLine("Boom.tsx")).toEndWith(".opencode/hud/Boom.tsx: failed to load: no config found");
  });

  test("missing default export names the expected shape", () => {
    fixture.dirs.write("Named.tsx", `export function Named() { return <paragraph>x</paragraph>; }\n`);
    expect(errorLine("Named.tsx")).toContain(
      "failed to load: no default export component; expected export default function Named(props) returning JSX",
    );
  });

  test("an import that does not resolve", () => {
    fixture.dirs.write(
      "Dep.tsx",
      `import chalk from "chalk-not-installed";\nexport default () => <paragraph>{chalk}</paragraph>;\n`,
    );
    const line = errorLine("Dep.tsx");
    // what the plugin adds (the file, "failed to load", one line) and the import it could not resolve; the
    // wording between them is Bun's and changes between releases
    expect(line).toMatch(/Dep\.tsx: failed to load: .*chalk-not-installed/);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).not.toContain("?v=");
  });

  test("a component that throws while rendering shows its error in its slot", () => {
    fixture.dirs.write("Throws.tsx", `export default () => { throw new Error("git not found"); };\n`);
    fixture.dirs.write("Fine.tsx", `export default () => <paragraph>still fine</paragraph>;\n`);
    expect(errorLine("Throws.tsx")).toEndWith(".opencode/hud/Throws.tsx: git not found");
    expect(render(load())).toContain("still fine");
  });

  test("an async component is reported, not awaited", () => {
    fixture.dirs.write("Later.tsx", `export default async function Later() { return <paragraph>late</paragraph>; }\n`);
    expect(errorLine("Later.tsx")).toMatch(/Later\.tsx: .*(async|Promise|promise)/);
  });

  test("an invalid node is reported with its path", () => {
    fixture.dirs.write("BadNode.tsx", `export default () => <heading depth={9}>too deep</heading>;\n`);
    expect(errorLine("BadNode.tsx")).toMatch(/BadNode\.tsx: .*depth/);
  });
});

test("an anonymous default export is named after its file in error paths", () => {
  fixture.dirs.write(
    "Anon.tsx",
    `export default () => <list><item checked="yes"><paragraph>x</paragraph></item></list>;\n`,
  );
  expect(errorLine("Anon.tsx")).toContain("at Anon > Anon > list > item");
});
