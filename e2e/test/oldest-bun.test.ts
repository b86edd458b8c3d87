// The oldest subset's Bun (harness/oldest-bun.ts): the version is engines.bun's, and a binary named by the
// variable is used only when it is that version and called `bun` (the hosts find it by name on PATH).
import { afterAll, afterEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OLDEST_BUN_ENV, oldestBunDir, oldestBunVersion } from "../harness/oldest-bun.ts";

const scratch = mkdtempSync(join(tmpdir(), "agent-hud-oldest-bun-"));
const before = process.env[OLDEST_BUN_ENV];
afterEach(() => {
  if (before === undefined) delete process.env[OLDEST_BUN_ENV];
  else process.env[OLDEST_BUN_ENV] = before;
});
// not on process exit: bun test ends without that event, so the folder stayed
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in `bun` in a folder of its own that reports `version`. */
function fakeBun(folder: string, version: string, name = "bun"): string {
  const dir = join(scratch, folder);
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, name);
  writeFileSync(bin, `#!/bin/sh\necho ${version}\n`);
  chmodSync(bin, 0o755);
  return bin;
}

test("the oldest Bun is the version engines.bun starts at", async () => {
  const pkg = await Bun.file(new URL("../../packages/hud-plugin/package.json", import.meta.url)).json();
  expect(pkg.engines.bun).toBe(`>=${oldestBunVersion()}`);
});

test("a named bun of engines.bun's version: its folder goes first on PATH", () => {
  process.env[OLDEST_BUN_ENV] = fakeBun("same", oldestBunVersion());
  expect(oldestBunDir()).toBe(join(scratch, "same"));
});

test("a named bun of another version is refused, naming both versions", () => {
  process.env[OLDEST_BUN_ENV] = fakeBun("other", "0.0.1");
  expect(() => oldestBunDir()).toThrow(`is 0.0.1, not ${oldestBunVersion()}`);
});

test("a named binary not called bun is refused: the hosts would not find it on PATH", () => {
  process.env[OLDEST_BUN_ENV] = fakeBun("renamed", oldestBunVersion(), "bun-old");
  expect(() => oldestBunDir()).toThrow("must name a file called bun");
});
