import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFreshBundle, staleSources } from "../harness/fresh-build.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "agent-hud-e2e-fresh-"));
  mkdirSync(join(root, "src", "deep"), { recursive: true });
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "src", "deep", "a.ts"), "export {};\n");
  writeFileSync(join(root, "dist", "server.js"), "// bundle\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);

test("a source newer than the bundle is stale; a missing bundle makes every source stale", () => {
  const bundle = join(root, "dist", "server.js");
  at("src/deep/a.ts", 2_000);
  at("dist/server.js", 1_000);
  expect(staleSources(bundle, [join(root, "src")], root)).toEqual([join("src", "deep", "a.ts")]);
  at("dist/server.js", 3_000);
  expect(staleSources(bundle, [join(root, "src"), join(root, "no-such-dir")], root)).toEqual([]);
  rmSync(bundle);
  expect(staleSources(bundle, [join(root, "src")], root)).toEqual([join("src", "deep", "a.ts")]);
});

test("the bundle is rebuilt only when stale, and a failed build is one line naming a stale source", () => {
  const bundle = join(root, "dist", "server.js");
  const builds: number[] = [];
  const build = () => (builds.push(1), { ok: true, output: "" });
  at("src/deep/a.ts", 1_000);
  at("dist/server.js", 2_000);
  expect(ensureFreshBundle({ bundle, sources: [join(root, "src")], build })).toEqual([]);
  expect(builds).toHaveLength(0);
  at("src/deep/a.ts", 3_000);
  expect(ensureFreshBundle({ bundle, sources: [join(root, "src")], build })).toHaveLength(1);
  expect(builds).toHaveLength(1);
  expect(() =>
    ensureFreshBundle({
      bundle,
      sources: [join(root, "src")],
      build: () => ({ ok: false, output: "x\nerror: boom\n" }),
    }),
  ).toThrow(/^the plugin bundle is older than .*a\.ts and rebuilding it failed: error: boom$/);
});
