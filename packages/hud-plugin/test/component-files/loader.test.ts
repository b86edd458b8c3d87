import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { render, useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const load = () => fixture.load();

describe("loading plain JSX component files", () => {
  test("a .tsx file without pragma or installed dependency renders in the HUD, props included", () => {
    fixture.dirs.write(
      "Greeting.tsx",
      `export default function Greeting({ state, density, directory }: any) {
  return <section><paragraph><strong>Hello</strong> {state.task?.description} at {density} in <inlineCode value={directory} /></paragraph></section>;
}
`,
    );
    const sections = load();
    expect(sections.map((s) => [s.name, s.source])).toEqual([["Greeting", join(".opencode", "hud", "Greeting.tsx")]]);
    expect(render(sections, fixture.dirs.project)).toContain(
      `**Hello** ship the loader at full in \`${fixture.dirs.project}\``,
    );
  });

  test("fragments, h() from @agent-hud/ujsx and relative helper imports resolve inside the loaded file", () => {
    fixture.dirs.write(
      "lib/label.tsx",
      `export const Label = (p: { text: string }) => <><strong>{p.text}</strong>{" "}</>;\n`,
    );
    fixture.dirs.write(
      "Mixed.tsx",
      `import { h } from "@agent-hud/ujsx";
import { Label } from "./lib/label.tsx";
export default () => <section><paragraph><Label text="Mixed" />{h("emphasis", {}, "via h")}</paragraph></section>;
`,
    );
    const sections = load();
    expect(sections.map((s) => s.name)).toEqual(["Mixed"]);
    expect(render(sections)).toContain("**Mixed** *via h*");
  });

  test(".ts, .jsx and .js files load too; helpers, tests and dotted names are not components", () => {
    fixture.dirs.write(
      "Plain.ts",
      `import { h } from "@agent-hud/ujsx";\nexport default () => h("paragraph", {}, "from ts");\n`,
    );
    fixture.dirs.write("Jsx.jsx", `export default () => <paragraph>from jsx</paragraph>;\n`);
    fixture.dirs.write("Js.js", `export default () => <paragraph>from js</paragraph>;\n`);
    fixture.dirs.write("_private.tsx", `export default () => <paragraph>private</paragraph>;\n`);
    fixture.dirs.write("Plain.test.ts", `export default () => null;\n`);
    fixture.dirs.write("helpers/Nested.tsx", `export default () => <paragraph>nested</paragraph>;\n`);
    const sections = load();
    expect(sections.map((s) => s.name)).toEqual(["Js", "Jsx", "Plain"]);
    const md = render(sections);
    for (const text of ["from ts", "from jsx", "from js"]) expect(md).toContain(text);
    for (const text of ["private", "nested"]) expect(md).not.toContain(text);
  });

  test("the global folder follows XDG_CONFIG_HOME, and a project file overrides a global one of the same name", () => {
    fixture.dirs.writeGlobal("Shared.tsx", `export default () => <paragraph>global shared</paragraph>;\n`);
    fixture.dirs.writeGlobal("OnlyGlobal.tsx", `export default () => <paragraph>global only</paragraph>;\n`);
    fixture.dirs.write("Shared.tsx", `export default () => <paragraph>project shared</paragraph>;\n`);
    const sections = load();
    expect(sections.map((s) => [s.name, s.source])).toEqual([
      ["OnlyGlobal", join(fixture.dirs.globalDir, "OnlyGlobal.tsx")],
      ["Shared", join(".opencode", "hud", "Shared.tsx")],
    ]);
    const md = render(sections);
    expect(md).toContain("global only");
    expect(md).toContain("project shared");
    expect(md).not.toContain("global shared");
  });

  test("a global folder and a component file that are symlinks (dotfiles) load like plain ones", () => {
    const real = join(dirname(fixture.dirs.project), "dotfiles", "hud");
    mkdirSync(real, { recursive: true });
    writeFileSync(join(real, "Dot.tsx"), `export default () => <paragraph>from dotfiles</paragraph>;\n`);
    writeFileSync(join(real, "Shared.tsx"), `export default () => <paragraph>linked into the project</paragraph>;\n`);
    mkdirSync(dirname(fixture.dirs.globalDir), { recursive: true });
    symlinkSync(real, fixture.dirs.globalDir);
    mkdirSync(join(fixture.dirs.project, ".opencode", "hud"), { recursive: true });
    symlinkSync(join(real, "Shared.tsx"), join(fixture.dirs.project, ".opencode", "hud", "Linked.tsx"));
    const sections = load();
    expect(sections.map((s) => s.name)).toEqual(["Dot", "Linked", "Shared"]);
    const md = render(sections);
    expect(md).toContain("from dotfiles");
    expect(md).toContain("linked into the project");
    expect(md).not.toContain("failed");
  });

  test("no folders, no sections", () => {
    expect(load()).toEqual([]);
  });
});

describe("metadata exports", () => {
  test("name, after, priority and stability are passed through", () => {
    fixture.dirs.write(
      "Meta.tsx",
      `export const name = "build-info";
export const after = "task";
export const priority = 75;
export const stability = "volatile";
export default () => <paragraph>meta</paragraph>;
`,
    );
    fixture.dirs.write(
      "First.tsx",
      `export const before = "task";\nexport default () => <paragraph>before the task</paragraph>;\n`,
    );
    const sections = load();
    expect(sections.find((s) => s.name === "build-info")).toMatchObject({
      after: "task",
      priority: 75,
      stability: "volatile",
    });
    const md = render(sections);
    expect(md.indexOf("before the task")).toBeLessThan(md.indexOf("ship the loader"));
    expect(md).toContain("meta");
  });

  test("a bad metadata export renders one line naming the export and the expected shape", () => {
    fixture.dirs.write(
      "BadMeta.tsx",
      `export const after = "sidebar";\nexport default () => <paragraph>never shown</paragraph>;\n`,
    );
    const md = render(load());
    const line = md.split("\n").find((l) => l.includes("BadMeta.tsx"));
    expect(line).toContain(
      `.opencode/hud/BadMeta.tsx: failed to load: export const after is "sidebar"; expected a built-in section: task |`,
    );
    expect(md).not.toContain("never shown");
  });

  test("before and after together are rejected", () => {
    fixture.dirs.write(
      "Both.tsx",
      `export const before = "task";\nexport const after = "notes";\nexport default () => null;\n`,
    );
    expect(render(load())).toContain("export either before or after, not both");
  });
});
