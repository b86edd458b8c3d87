// Docs are tests: every command in the README's install section runs here exactly as written, against a
// real npm registry on 127.0.0.1 holding the three packages packed from this checkout. Only two things are
// swapped: the registry (through the npm/bun registry variables) and the clone's placeholder path. The
// clone's commands run in readme-clone-install.test.ts, in a copy of the checkout, the library's in
// readme-library-install.test.ts (no opencode in it, so it is not run again on the oldest opencode), and the
// global install in readme-install-global.test.ts (the oldest opencode's smoke needs one install, this one).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

const world = new ReadmeWorld();

beforeAll(() => world.start(), 300_000);
afterAll(() => world.stop());

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
    const turn = await world.oneTurn(p, "Installed from the registry");
    expect(turn.hud).toContain("Installed from the registry");
    // the options' JSON Schema ships in the package, generated from the TypeBox options
    expect(published.exports?.["./schema.json"]).toBe("./dist/agent-hud.schema.json");
    const installedSchema = join(
      p.env.XDG_CACHE_HOME!,
      "opencode/packages/@agent-hud/hud-plugin@latest/node_modules/@agent-hud/hud-plugin/dist/agent-hud.schema.json",
    );
    expect(JSON.parse(readFileSync(installedSchema, "utf8"))).toEqual(configJsonSchema());
    expect(turn.problems).toEqual([]);
  }, 300_000);
});
