// Docs are tests: the README's install for every project (`opencode plugin -g`), run as written against the
// registry readme-install.test.ts installs from (harness/readme.ts; that file checks the section's commands). Apart from that file so that the oldest
// opencode's smoke runs one install, the project's, and this one on the pinned version only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PLUGIN_GLOBAL, ReadmeWorld, sh } from "../harness/readme.ts";

const world = new ReadmeWorld();

beforeAll(() => world.start(), 300_000);
afterAll(() => world.stop());

describe("a user installs the plugin from the registry", () => {
  test(`\`${PLUGIN_GLOBAL}\`: entry in the global config, the HUD in a project that names no plugin`, async () => {
    const p = world.project();
    p.writeConfig((config) => delete config.plugin);
    sh(PLUGIN_GLOBAL, p.dir, p.env);
    const globalPath = join(p.env.XDG_CONFIG_HOME!, "opencode", "opencode.json");
    // opencode writes its global config as JSONC (trailing commas)
    const global = Bun.JSONC.parse(readFileSync(globalPath, "utf8")) as { plugin?: unknown };
    expect(global.plugin).toEqual(["@agent-hud/hud-plugin"]);
    expect(p.readConfig().plugin).toBeUndefined();
    const turn = await world.oneTurn(p, "Installed for every project");
    expect(turn.hud).toContain("Installed for every project");
    expect(turn.problems).toEqual([]);
  }, 300_000);
});
