// The README's Codex install, from the packed tarball as npm installs it: the installed package's folder is
// the marketplace root, `codex plugin marketplace add <folder>` and `codex plugin add agent-hud@agent-hud`
// install it, and the next session's first request holds the full HUD.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createCodexProject, exec, installPlugin, type CodexProject } from "../../harness/codex.ts";
import { developerTexts, FakeOpenAI } from "../../harness/fake-openai.ts";
import { tarballOf } from "../../harness/packed.ts";

const api = new FakeOpenAI().start();
let project: CodexProject;

beforeAll(() => {
  project = createCodexProject({ apiUrl: api.url });
});
afterAll(() => {
  api.stop();
  project?.cleanup();
});

test("installed from the packed package's folder with the README's two commands, the hooks run and the HUD arrives", async () => {
  const prefix = join(project.root, "npm-global");
  mkdirSync(prefix, { recursive: true });
  // --offline: the tarball must not need anything from a registry
  const npm = Bun.spawnSync(["npm", "install", "--offline", "--no-audit", "--no-fund", tarballOf("hud-plugin")], {
    cwd: prefix,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: project.home },
  });
  if (npm.exitCode !== 0) throw new Error(`npm install failed: ${npm.stderr.toString()}`);
  const folder = join(prefix, "node_modules", "@agent-hud", "hud-plugin");
  const market = JSON.parse(readFileSync(join(folder, ".agents", "plugins", "marketplace.json"), "utf8"));
  expect(market.plugins[0].source).toEqual({ source: "local", path: "./dist/codex" });
  const printed = await installPlugin(project, folder, "agent-hud");
  expect(printed[1]).toContain("Added plugin `agent-hud`");
  const copy = join(project.codexHome, "plugins", "cache", "agent-hud", "agent-hud");
  expect(existsSync(copy)).toBe(true);

  api.script({ text: "hello" });
  await exec(project, "hi");
  const first = api.ofKind("agent")[0]!;
  const hud = developerTexts(first.body).find((t) => t.includes("<agent-hud>"));
  expect(hud).toContain("# Agent HUD");
  expect(hud).toContain("`tool_search`");
}, 120_000);
