// Docs are tests: the README's library install (`npm install --save-dev …`) runs here exactly as written,
// against the registry of readme-install.test.ts (harness/readme.ts, harness/registry.ts), and what the
// README says a component author gets from it is checked: a component's snapshot test under bun test, the
// built JS in plain Node, the shipped declarations under tsc. No opencode is involved, so unlike
// readme-install this file is not run again on the oldest opencode.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIBRARY, REPO, sh } from "../harness/readme.ts";
import { publishedRegistry, type LocalRegistry } from "../harness/registry.ts";

const TSC = join(REPO, "node_modules/.bin/tsc");
let registry: LocalRegistry;
const scratch: string[] = [];

beforeAll(async () => {
  registry = await publishedRegistry();
}, 300_000);

afterAll(async () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  await registry?.stop();
});

describe("a component author installs the library from the registry", () => {
  const component = `export const after = "steps";
export const priority = 65;
export default function OpenSteps({ state }) {
  const open = state.steps.filter((step) => !step.done);
  if (open.length === 0) return null;
  return <paragraph><strong>Open steps</strong> {open.length}</paragraph>;
}
`;
  const snapshotTest = `import { expect, test } from "bun:test";
import { renderAllDensities, renderComponent } from "@agent-hud/hud-components/testing";
import { referenceView } from "@agent-hud/hud-components/testing";
import OpenSteps from "./OpenSteps.tsx";

test("open steps", () => expect(renderAllDensities(OpenSteps, { view: referenceView() })).toMatchSnapshot());
test("nothing open, nothing shown", () => expect(renderComponent(OpenSteps)).toBe(""));
`;

  test(`\`${LIBRARY}\`: a component's snapshot test passes under bun test, the JS runs in plain Node, the types check under tsc`, () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-hud-author-"));
    scratch.push(dir);
    const env = { HOME: dir, ...registry.env() };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "my-hud", private: true, type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { jsx: "react-jsx", jsxImportSource: "@agent-hud/ujsx" } }),
    );
    sh(LIBRARY, dir, env);
    const installed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).devDependencies;
    expect(Object.keys(installed).sort()).toEqual(["@agent-hud/hud-components", "@agent-hud/ujsx"]);

    writeFileSync(join(dir, "OpenSteps.tsx"), component);
    writeFileSync(join(dir, "OpenSteps.test.tsx"), snapshotTest);
    sh("bun test", dir, env);
    const snapshot = readFileSync(join(dir, "__snapshots__", "OpenSteps.test.tsx.snap"), "utf8");
    expect(snapshot).toMatch(/\*\*Open steps\*\* \d+/);
    // the stored snapshot is now the golden: a component that renders differently fails against it
    writeFileSync(join(dir, "OpenSteps.tsx"), component.replace("Open steps", "Steps left"));
    expect(() => sh("bun test", dir, { ...env, CI: "true" })).toThrow(/open steps/);

    // plain Node, no bundler, no TypeScript: the built JS of both packages
    const node = sh(
      `node --input-type=module -e '
import { h } from "@agent-hud/ujsx";
import { renderComponent } from "@agent-hud/hud-components/testing";
const Hello = () => h("paragraph", {}, h("strong", {}, "Hello"), " from Node");
console.log(JSON.stringify(renderComponent(Hello)));'`,
      dir,
      env,
    );
    expect(node.trim()).toBe(JSON.stringify("**Hello** from Node\n"));

    // the shipped declarations type a component in a strict Node (nodenext) TypeScript project
    const typed = `import type { HudComponentProps } from "@agent-hud/hud-components";
import { renderComponent } from "@agent-hud/hud-components/testing";
import { h } from "@agent-hud/ujsx";
const StepCount = ({ state }: HudComponentProps) => h("paragraph", {}, \`\${state.steps.length} steps\`);
export const md: string = renderComponent(StepCount);
`;
    // one compiler run for the right file and a misspelt copy (each tsc start costs about 2.5 CPU-s): the
    // misspelling is its only error, so the right file, the declarations and the libraries have none
    writeFileSync(join(dir, "typed.ts"), typed);
    writeFileSync(join(dir, "mistyped.ts"), typed.replace("state.steps", "state.stepz"));
    // the folder's tsconfig.json is the one bun reads for JSX: the check states its own options, and says so
    const options =
      "--ignoreConfig --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext".split(" ");
    const tsc = Bun.spawnSync([TSC, ...options, "typed.ts", "mistyped.ts"], {
      cwd: dir,
      env: { ...env, PATH: process.env.PATH ?? "/usr/bin:/bin" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const errors = `${tsc.stdout.toString()}${tsc.stderr.toString()}`.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(errors).toEqual([
      expect.stringMatching(/^mistyped\.ts\(\d+,\d+\): error TS\d+: Property 'stepz' does not exist/),
    ]);
    expect(tsc.exitCode).not.toBe(0);
  }, 300_000);
});
