// Docs are tests: the README's "Install in Codex CLI" commands run here as written, in bash, after the packed
// tarball is installed globally (into a throw-away npm prefix): the installed package's folder is the
// marketplace root, and the next session's first request holds the full HUD.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CODEX_BIN, codexEnv, createCodexProject, exec, type CodexProject } from "../../harness/codex.ts";
import { developerTexts, FakeOpenAI } from "../../harness/fake-openai.ts";
import { tarballOf } from "../../harness/packed.ts";

/** The shell lines of the README's "Install in Codex CLI" section. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(import.meta.dir, "../../../README.md"), "utf8");
  const text = readme.split(/^## Install in Codex CLI$/m)[1]?.split(/^#{2,3} /m)[0];
  if (!text) throw new Error('README.md has no "## Install in Codex CLI" section');
  const block = /```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
}

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
  // the codex binary on PATH, npm's global folder a throw-away one
  const env = {
    ...codexEnv(project),
    PATH: `${dirname(CODEX_BIN)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    NPM_CONFIG_PREFIX: prefix,
  };
  // --offline: the tarball must not need anything from a registry
  const npm = Bun.spawnSync(["npm", "install", "-g", "--offline", "--no-audit", "--no-fund", tarballOf("hud-plugin")], {
    cwd: project.root,
    env,
  });
  if (npm.exitCode !== 0) throw new Error(`npm install -g failed: ${npm.stderr.toString()}`);
  const commands = readmeCommands();
  expect(commands).toHaveLength(2);
  for (const command of commands) {
    const run = Bun.spawnSync(["bash", "-c", command], { cwd: project.dir, env });
    if (run.exitCode !== 0) throw new Error(`${command} failed: ${run.stderr.toString()}${run.stdout.toString()}`);
  }
  const copy = join(project.codexHome, "plugins", "cache", "agent-hud", "agent-hud");
  expect(existsSync(copy)).toBe(true);

  api.script({ text: "hello" });
  await exec(project, "hi");
  const first = api.ofKind("agent")[0]!;
  const hud = developerTexts(first.body).find((t) => t.includes("<agent-hud>"));
  expect(hud).toContain("# Agent HUD");
  expect(hud).toContain("`tool_search`");
}, 120_000);
