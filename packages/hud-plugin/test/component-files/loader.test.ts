import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
/** The sections the files make, by name (the project's accepted first: these tests are about rendering). */
const load = () => {
  fixture.acceptAll();
  const { files, failed } = fixture.load();
  const all = [...files.map((f) => ({ ...f, ...f.place, source: f.label })), ...failed];
  return all.sort((a, b) => (a.name < b.name ? -1 : 1));
};
const render = () => fixture.render();

describe("component files render in the sandbox", () => {
  test("a .tsx file without pragma or installed dependency renders in the HUD, props included", async () => {
    fixture.dirs.write(
      "Greeting.tsx",
      `import type { HudComponentProps } from "@agent-hud/hud-components";
export default function Greeting({ state, view, density }: HudComponentProps) {
  return <section><paragraph><strong>Hello</strong> {state.task?.description} at {density} ({view.session.task?.description})</paragraph></section>;
}
`,
    );
    const sections = load();
    expect(sections.map((s) => [s.name, s.source])).toEqual([["Greeting", join(".opencode", "hud", "Greeting.tsx")]]);
    expect(await render()).toContain(`**Hello** ship the loader at full (ship the loader)`);
  });

  test("fragments, h() from @agent-hud/ujsx and relative helper imports link inside the sandbox", async () => {
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
    expect(await render()).toContain("**Mixed** *via h*");
  });

  test(".ts, .jsx and .js files load too; helpers, tests and dotted names are not components", async () => {
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
    const md = await render();
    for (const text of ["from ts", "from jsx", "from js"]) expect(md).toContain(text);
    for (const text of ["private", "nested"]) expect(md).not.toContain(text);
  });

  test("the global folder follows XDG_CONFIG_HOME, and a project file overrides a global one of the same name", async () => {
    fixture.dirs.writeGlobal("Shared.tsx", `export default () => <paragraph>global shared</paragraph>;\n`);
    fixture.dirs.writeGlobal("OnlyGlobal.tsx", `export default () => <paragraph>global only</paragraph>;\n`);
    fixture.dirs.write("Shared.tsx", `export default () => <paragraph>project shared</paragraph>;\n`);
    const sections = load();
    expect(sections.map((s) => [s.name, s.source])).toEqual([
      ["OnlyGlobal", join(fixture.dirs.globalDir, "OnlyGlobal.tsx")],
      ["Shared", join(".opencode", "hud", "Shared.tsx")],
    ]);
    const md = await render();
    expect(md).toContain("global only");
    expect(md).toContain("project shared");
    expect(md).not.toContain("global shared");
  });

  test("a global folder that is a symlink (dotfiles) renders; a project file linking out of its folder is refused", async () => {
    const real = join(dirname(fixture.dirs.project), "dotfiles", "hud");
    mkdirSync(real, { recursive: true });
    writeFileSync(join(real, "Dot.tsx"), `export default () => <paragraph>from dotfiles</paragraph>;\n`);
    writeFileSync(join(real, "Shared.tsx"), `export default () => <paragraph>linked into the project</paragraph>;\n`);
    mkdirSync(dirname(fixture.dirs.globalDir), { recursive: true });
    symlinkSync(real, fixture.dirs.globalDir);
    mkdirSync(join(fixture.dirs.project, ".opencode", "hud"), { recursive: true });
    symlinkSync(join(real, "Shared.tsx"), join(fixture.dirs.project, ".opencode", "hud", "Linked.tsx"));
    const md = await render();
    expect(md).toContain("from dotfiles");
    expect(md).toContain(
      "**⚠ custom section failed** .opencode/hud/Linked.tsx: failed to load: cannot read it: it links out of its component folder",
    );
    expect(md).toContain("linked into the project");
  });

  test("no folders, no sections", async () => {
    expect(fixture.load()).toEqual({ files: [], failed: [] });
  });
});

describe("metadata exports", () => {
  test("name, after, priority and stability are passed through", async () => {
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
    const md = await render();
    expect(md.indexOf("before the task")).toBeLessThan(md.indexOf("ship the loader"));
    expect(md).toContain("meta");
  });

  test("a bad metadata export renders one line naming the export and the expected shape", async () => {
    fixture.dirs.write(
      "BadMeta.tsx",
      `export const after = "sidebar";\nexport default () => <paragraph>never shown</paragraph>;\n`,
    );
    const md = await render();
    const line = md.split("\n").find((l) => l.includes("BadMeta.tsx"));
    expect(line).toContain(
      `.opencode/hud/BadMeta.tsx: failed to load: export const after is "sidebar"; expected a built-in section: task |`,
    );
    expect(md).not.toContain("never shown");
  });

  test("before and after together are rejected", async () => {
    fixture.dirs.write(
      "Both.tsx",
      `export const before = "task";\nexport const after = "notes";\nexport default () => null;\n`,
    );
    expect(await render()).toContain("export either before or after, not both");
  });
});
