// Installing with Claude Code's own `plugin` commands: the repository's marketplace manifest, added from
// this checkout and from a clone of it (what Claude Code fetches for a GitHub marketplace), installs a
// plugin whose HUD and tool reach the next session, with no --plugin-dir.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLAUDE_BIN, claudeEnv, createClaudeProject, HUD_TOOL, type ClaudeProject } from "../../harness/claude.ts";
import { currentHud, hud, mainLoop, startClaudeHud, toolResults } from "../../harness/claude-hud.ts";

const REPO = resolve(import.meta.dir, "../../..");
const projects: ClaudeProject[] = [];
afterAll(() => {
  for (const project of projects) project.cleanup();
});

/** Runs `claude <args>` (a management command, no API needed) in the project with its HOME. */
function claude(project: ClaudeProject, ...args: string[]): string {
  const run = Bun.spawnSync([CLAUDE_BIN, ...args], {
    cwd: project.dir,
    env: claudeEnv("http://127.0.0.1:9", project.home),
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = `${run.stdout.toString()}${run.stderr.toString()}`.trim();
  if (run.exitCode !== 0)
    throw new Error(`\`claude ${args.join(" ")}\` failed (${run.exitCode}): ${out.split("\n").at(-1)}`);
  return out;
}

/** One turn in the project with whatever plugins its HOME has installed; the HUD must arrive and the tool work. */
async function hudWorks(project: ClaudeProject): Promise<void> {
  const env = startClaudeHud({ project, pluginDir: null });
  try {
    env.api.script({ toolUses: [hud("task.set", { description: "Installed from the marketplace" })] }, { text: "ok" });
    await env.session.send("hello");
    const [first, second] = mainLoop(env.api);
    expect(first!.body.tools?.map((t) => t.name)).toContain(HUD_TOOL);
    expect(currentHud(first!)).toBeDefined();
    expect(toolResults(second!).at(-1)).toContain("ok: set task");
    expect(currentHud(second!)).toContain("Installed from the marketplace");
  } finally {
    await env.stop();
  }
}

function install(source: string): ClaudeProject {
  const project = createClaudeProject();
  projects.push(project);
  claude(project, "plugin", "marketplace", "add", source);
  claude(project, "plugin", "install", "agent-hud@agent-hud");
  return project;
}

test("the marketplace of this checkout installs agent-hud, and the next session has the HUD and the tool", async () => {
  const manifest = JSON.parse(readFileSync(join(REPO, ".claude-plugin", "marketplace.json"), "utf8"));
  expect(manifest.plugins.map((p: { name: string }) => p.name)).toEqual(["agent-hud"]);
  await hudWorks(install(REPO));
});

test("the marketplace of a fresh clone (what Claude Code fetches from GitHub) installs a working plugin", async () => {
  const project = createClaudeProject({ git: false });
  projects.push(project);
  const clone = join(project.root, "clone");
  const run = Bun.spawnSync(["git", "clone", "-q", REPO, clone]);
  if (run.exitCode !== 0) throw new Error(`git clone failed: ${run.stderr.toString()}`);
  const manifest = JSON.parse(readFileSync(join(clone, ".claude-plugin", "marketplace.json"), "utf8"));
  const source = manifest.plugins[0].source as string;
  if (!existsSync(join(clone, source, ".claude-plugin", "plugin.json")))
    throw new Error(
      `the marketplace's plugin source ${source} is not in a clone of the repository (only \`bun run build\` writes it), so installing agent-hud from a GitHub marketplace fails`,
    );
  await hudWorks(install(clone));
});
