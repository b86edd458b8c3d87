import { expect, test } from "bun:test";
import { rmSync, utimesSync } from "node:fs";
import { useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const load = () => (fixture.acceptAll(), fixture.load());
const render = () => fixture.render();

test("an unchanged folder returns the same array, so callers can key caches on it", async () => {
  fixture.dirs.write("Same.tsx", `export default () => <paragraph>same</paragraph>;\n`);
  const first = load();
  expect(load()).toBe(first);
  expect(first.files).toHaveLength(1);
});

test("an edited file is re-evaluated on the next call, without touching the other files", async () => {
  const path = fixture.dirs.write("Edit.tsx", `export default () => <paragraph>version one</paragraph>;\n`);
  fixture.dirs.write("Other.tsx", `export default () => <paragraph>other</paragraph>;\n`);
  const first = load();
  expect(await render()).toContain("version one");
  fixture.dirs.write(
    "Edit.tsx",
    `export const before = "task";\nexport default () => <paragraph>version two</paragraph>;\n`,
  );
  // same-size rewrites within one clock tick still differ by mtime once the clock moves
  utimesSync(path, new Date(), new Date(Date.now() + 2_000));
  const second = load();
  expect(second).not.toBe(first);
  const md = await render();
  expect(md).toContain("version two");
  expect(md).not.toContain("version one");
  expect(md.indexOf("version two")).toBeLessThan(md.indexOf("ship the loader"));
  expect(second.files.find((s) => s.name === "Other")).toBe(first.files.find((s) => s.name === "Other")!);
});

test("a fixed syntax error recovers, a new file appears and a deleted one disappears", async () => {
  fixture.dirs.write("Fix.tsx", `export default () => <paragraph>unclosed;\n`);
  expect(await render()).toContain("Fix.tsx: SyntaxError");
  fixture.dirs.write("Fix.tsx", `export default () => <paragraph>fixed now</paragraph>;\n`);
  const added = fixture.dirs.write("Added.tsx", `export default () => <paragraph>added</paragraph>;\n`);
  const md = await render();
  expect(md).toContain("fixed now");
  expect(md).toContain("added");
  expect(md).not.toContain("SyntaxError");
  rmSync(added);
  expect(load().files.map((s) => s.name)).toEqual(["Fix"]);
});

test("an edited helper is picked up together with the component that imports it", async () => {
  fixture.dirs.write("lib/word.ts", `export const word = "alpha";\n`);
  const path = fixture.dirs.write(
    "UsesHelper.tsx",
    `import { word } from "./lib/word.ts";\nexport default () => <paragraph>{word}</paragraph>;\n`,
  );
  expect(await render()).toContain("alpha");
  fixture.dirs.write("lib/word.ts", `export const word = "beta";\n`);
  utimesSync(path, new Date(), new Date(Date.now() + 2_000));
  expect(await render()).toContain("beta");
});
