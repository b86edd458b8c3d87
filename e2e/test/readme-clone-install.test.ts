// Docs are tests: the README's install-from-a-clone commands, run exactly as written, in a copy of this
// checkout as a contributor's clone holds it (the placeholder path swapped for the copy's). The copy is
// what keeps the checkout's dist/, which every other file's opencode loads, untouched, so this file runs
// beside the others; installs still go to a local registry (readme.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  checkoutTurboCache,
  CLONE_BUILD,
  CLONE_PLUGIN,
  cloneOfCheckout,
  readmeInstallCommands,
  ReadmeWorld,
  REPO,
  sh,
} from "../harness/readme.ts";

const world = new ReadmeWorld();
let clone: string | undefined;
beforeAll(() => world.start(), 300_000);
afterAll(async () => {
  if (clone) rmSync(clone, { recursive: true, force: true });
  await world.stop();
});

test("the README's install section ends with the clone's two commands", () => {
  expect(readmeInstallCommands().slice(-2)).toEqual([CLONE_BUILD, CLONE_PLUGIN]);
});

test(`\`${CLONE_BUILD}\` then \`${CLONE_PLUGIN}\`: the HUD in the next request`, async () => {
  const checkoutBundle = join(REPO, "packages/hud-plugin/dist/server.js");
  const checkoutBuilt = statSync(checkoutBundle).mtimeMs;
  clone = cloneOfCheckout();
  expect(existsSync(join(clone, "packages/hud-plugin/dist"))).toBe(false);
  // a cache folder the person set for turbo is the checkout's too
  const env = {
    ...(process.env as Record<string, string>),
    TURBO_CACHE_DIR: Bun.env.TURBO_CACHE_DIR ?? checkoutTurboCache(),
  };
  sh(CLONE_BUILD, clone, env, clone);
  expect(existsSync(join(clone, "packages/hud-plugin/dist/server.js"))).toBe(true);
  // the bundle the other files' opencode loads was not rebuilt under them
  expect(statSync(checkoutBundle).mtimeMs).toBe(checkoutBuilt);
  const p = world.project();
  p.writeConfig((config) => delete config.plugin);
  sh(CLONE_PLUGIN, p.dir, p.env, clone);
  expect(p.readConfig().plugin).toEqual([join(clone, "packages/hud-plugin")]);
  mkdirSync(join(p.dir, ".opencode", "node_modules"), { recursive: true });
  const turn = await world.oneTurn(p, "Installed from a clone");
  expect(turn.hud).toContain("Installed from a clone");
  expect(turn.problems).toEqual([]);
}, 300_000);
