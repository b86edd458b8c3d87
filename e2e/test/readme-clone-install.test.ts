// Docs are tests: the README's install-from-a-clone commands, run exactly as written (the placeholder path
// swapped for this checkout). They rebuild the checkout's dist/, which every other file's opencode loads, so
// run-files runs this file alone, after the others; installs still go to a local registry (readme.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { CLONE_BUILD, CLONE_PLUGIN, readmeInstallCommands, ReadmeWorld, REPO, sh } from "../harness/readme.ts";

const world = new ReadmeWorld();
beforeAll(() => world.start(), 300_000);
afterAll(() => world.stop());

test("the README's install section ends with the clone's two commands", () => {
  expect(readmeInstallCommands().slice(-2)).toEqual([CLONE_BUILD, CLONE_PLUGIN]);
});

test(`\`${CLONE_BUILD}\` then \`${CLONE_PLUGIN}\`: the HUD in the next request`, async () => {
  sh(CLONE_BUILD, REPO, process.env as Record<string, string>);
  expect(existsSync(join(REPO, "packages/hud-plugin/dist/server.js"))).toBe(true);
  const p = world.project();
  p.writeConfig((config) => delete config.plugin);
  sh(CLONE_PLUGIN, p.dir, p.env);
  expect(p.readConfig().plugin).toEqual([join(REPO, "packages/hud-plugin")]);
  mkdirSync(join(p.dir, ".opencode", "node_modules"), { recursive: true });
  expect(await world.hudAfterOneTurn(p, "Installed from a clone")).toContain("Installed from a clone");
}, 300_000);
