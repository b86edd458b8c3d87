// Docs are tests: every command in the README's install section runs here exactly as written, against a
// real npm registry on 127.0.0.1 holding the three packages packed from this checkout. Only two things are
// swapped: the registry (through the npm/bun registry variables) and the clone's placeholder path. The
// clone's commands run in readme-clone-install.test.ts, in a copy of the checkout.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { logProblems } from "../harness/opencode.ts";
import {
  CLONE_BUILD,
  CLONE_PLUGIN,
  LIBRARY,
  PLUGIN,
  PLUGIN_GLOBAL,
  readmeInstallCommands,
  ReadmeWorld,
  REPO,
  sh,
} from "../harness/readme.ts";
import { configJsonSchema } from "../../packages/hud-plugin/src/config/json-schema.ts";

const TSC = join(REPO, "node_modules/.bin/tsc");
const world = new ReadmeWorld();
const scratch: string[] = [];

beforeAll(() => world.start(), 300_000);

afterAll(async () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  await world.stop();
});

const commands = readmeInstallCommands();

test("the README's install section is exactly the commands this suite runs, one-line install first", () => {
  expect(commands).toEqual([PLUGIN, PLUGIN_GLOBAL, LIBRARY, CLONE_BUILD, CLONE_PLUGIN]);
});

test("the declared opencode range starts at the oldest version CI smoke-tests and covers the pinned one", () => {
  const read = (path: string) => JSON.parse(readFileSync(join(REPO, path), "utf8"));
  const range = read("packages/hud-plugin/package.json").peerDependencies["@opencode-ai/plugin"];
  const oldest = read("e2e/oldest/package.json").devDependencies["opencode-ai"];
  const pinned = read("e2e/package.json").devDependencies["opencode-ai"];
  expect(range).toBe(`>=${oldest} <2`);
  expect(Bun.semver.satisfies(pinned, range)).toBe(true);
});

describe("a user installs the plugin from the registry", () => {
  test(`\`${PLUGIN}\`: entry in the project's config, the HUD in the next request`, async () => {
    const p = world.project();
    p.writeConfig((config) => delete config.plugin);
    sh(PLUGIN, p.dir, p.env);
    expect(p.readConfig().plugin).toEqual(["@agent-hud/hud-plugin"]);
    const packument = (await fetch(`${world.registry.url}@agent-hud%2fhud-plugin`).then((r) => r.json())) as {
      versions: Record<string, { exports?: Record<string, unknown> }>;
    };
    const published = packument.versions["0.1.0"]!;
    // the TUI target is registered exactly when the published package has one
    const tuiPath = join(p.dir, ".opencode", "tui.json");
    const tui = existsSync(tuiPath) ? JSON.parse(readFileSync(tuiPath, "utf8")).plugin : undefined;
    expect(tui).toEqual(published.exports?.["./tui"] ? ["@agent-hud/hud-plugin"] : undefined);
    expect(await world.hudAfterOneTurn(p, "Installed from the registry")).toContain("Installed from the registry");
    // the options' JSON Schema ships in the package, generated from the TypeBox options
    expect(published.exports?.["./schema.json"]).toBe("./dist/agent-hud.schema.json");
    const installedSchema = join(
      p.env.XDG_CACHE_HOME!,
      "opencode/packages/@agent-hud/hud-plugin@latest/node_modules/@agent-hud/hud-plugin/dist/agent-hud.schema.json",
    );
    expect(JSON.parse(readFileSync(installedSchema, "utf8"))).toEqual(configJsonSchema());
    expect(logProblems(p, "agent-hud")).toEqual([]);
  }, 300_000);

  test(`\`${PLUGIN_GLOBAL}\`: entry in the global config, the HUD in a project that names no plugin`, async () => {
    const p = world.project();
    p.writeConfig((config) => delete config.plugin);
    sh(PLUGIN_GLOBAL, p.dir, p.env);
    const globalPath = join(p.env.XDG_CONFIG_HOME!, "opencode", "opencode.json");
    // opencode writes its global config as JSONC (trailing commas)
    const global = Bun.JSONC.parse(readFileSync(globalPath, "utf8")) as { plugin?: unknown };
    expect(global.plugin).toEqual(["@agent-hud/hud-plugin"]);
    expect(p.readConfig().plugin).toBeUndefined();
    expect(await world.hudAfterOneTurn(p, "Installed for every project")).toContain("Installed for every project");
  }, 300_000);
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
    const env = { HOME: dir, ...world.registry.env() };
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
    const tsc = `${TSC} --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext`;
    writeFileSync(join(dir, "typed.ts"), typed);
    sh(`${tsc} typed.ts`, dir, env);
    writeFileSync(join(dir, "typed.ts"), typed.replace("state.steps", "state.stepz"));
    expect(() => sh(`${tsc} typed.ts`, dir, env)).toThrow(/Property 'stepz' does not exist/);
  }, 300_000);
});
