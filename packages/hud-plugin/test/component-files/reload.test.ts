import { expect, test } from "bun:test";
import { rmSync, utimesSync } from "node:fs";
import { render, useTempDirs } from "./helpers.ts";

const fixture = useTempDirs();
const load = () => fixture.load();

test("an unchanged folder returns the same array, so callers can key caches on it", () => {
  fixture.dirs.write("Same.tsx", `export default () => <paragraph>same</paragraph>;\n`);
  const first = load();
  expect(load()).toBe(first);
  expect(first).toHaveLength(1);
});

test("an edited file is re-evaluated on the next call, without touching the other files", () => {
  const path = fixture.dirs.write("Edit.tsx", `export default () => <paragraph>version one</paragraph>;\n`);
  fixture.dirs.write("Other.tsx", `export default () => <paragraph>other</paragraph>;\n`);
  const first = load();
  expect(render(first)).toContain("version one");
  fixture.dirs.write(
    "Edit.tsx",
    `export const before = "task";\nexport default () => <paragraph>version two</paragraph>;\n`,
  );
  // same-size rewrites within one clock tick still differ by mtime once the clock moves
  utimesSync(path, new Date(), new Date(Date.now() + 2_000));
  const second = load();
  expect(second).not.toBe(first);
  const md = render(second);
  expect(md).toContain("version two");
  expect(md).not.toContain("version one");
  expect(md.indexOf("version two")).toBeLessThan(md.indexOf("ship the loader"));
  expect(second.find((s) => s.name === "Other")).toBe(first.find((s) => s.name === "Other")!);
});

test("a fixed syntax error recovers, a new file appears and a deleted one disappears", () => {
  fixture.dirs.write("Fix.tsx", `export default () => <paragraph>unclosed;\n`);
  expect(render(load())).toContain("Fix.tsx: failed to load: ");
  fixture.dirs.write("Fix.tsx", `export default () => <paragraph>fixed now</paragraph>;\n`);
  const added = fixture.dirs.write("Added.tsx", `export default () => <paragraph>added</paragraph>;\n`);
  const md = render(load());
  expect(md).toContain("fixed now");
  expect(md).toContain("added");
  expect(md).not.toContain("failed to load");
  rmSync(added);
  expect(load().map((s) => s.name)).toEqual(["Fix"]);
});

test("an edited helper is picked up together with the component that imports it", () => {
  fixture.dirs.write("lib/word.ts", `export const word = "alpha";\n`);
  const path = fixture.dirs.write(
    "UsesHelper.tsx",
    `import { word } from "./lib/word.ts";\nexport default () => <paragraph>{word}</paragraph>;\n`,
  );
  expect(render(load())).toContain("alpha");
  fixture.dirs.write("lib/word.ts", `export const word = "beta";\n`);
  utimesSync(path, new Date(), new Date(Date.now() + 2_000));
  expect(render(load())).toContain("beta");
});
