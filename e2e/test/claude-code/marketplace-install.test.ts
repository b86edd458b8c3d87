// Docs are tests: the README's "Install in Claude Code" commands run here as written (the clone's
// placeholder path swapped for this checkout, `claude` on PATH), with Claude Code's own `plugin` commands
// reading the repository's marketplace manifest; the next session, with no --plugin-dir, has the HUD and the tool.
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CLAUDE_BIN, claudeEnv, createClaudeProject, HUD_TOOL, type ClaudeProject } from "../../harness/claude.ts";
import { currentHud, hud, mainLoop, startClaudeHud, toolResults } from "../../harness/claude-hud.ts";

const REPO = resolve(import.meta.dir, "../../..");
const PLACEHOLDER = "/path/to/agent-hud";
const BUILD = "bun install && bun run build";
const ADD = `claude plugin marketplace add ${PLACEHOLDER}`;
const INSTALL = "claude plugin install agent-hud@agent-hud";

const projects: ClaudeProject[] = [];
afterAll(() => {
  for (const project of projects) project.cleanup();
});

/** The shell commands of the README's "Install in Claude Code" section, comments stripped. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const section = readme.split(/^## Install in Claude Code$/m)[1]?.split(/^#{2,3} /m)[0];
  if (!section) throw new Error('README.md has no "## Install in Claude Code" section');
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

/** Runs one README line as written, in bash, with the person's `claude` on PATH (and HOME, when given). */
function sh(command: string, cwd: string, home?: string): void {
  const env = home ? claudeEnv("http://127.0.0.1:9", home) : { ...(process.env as Record<string, string>) };
  const run = Bun.spawnSync(["bash", "-c", command.replaceAll(PLACEHOLDER, REPO)], {
    cwd,
    env: { ...env, PATH: `${dirname(CLAUDE_BIN)}:${env.PATH}`, PWD: cwd },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = `${run.stdout.toString()}${run.stderr.toString()}`.trim();
  if (run.exitCode !== 0) throw new Error(`\`${command}\` failed (${run.exitCode}): ${out.split("\n").at(-1)}`);
}

test("the README's Claude Code section is exactly the commands this suite runs", () => {
  expect(readmeCommands()).toEqual([BUILD, ADD, INSTALL]);
});

test("built from the checkout and installed from its marketplace, the next session has the HUD and the tool", async () => {
  const manifest = JSON.parse(readFileSync(join(REPO, ".claude-plugin", "marketplace.json"), "utf8"));
  expect(manifest.plugins.map((p: { name: string }) => p.name)).toEqual(["agent-hud"]);
  const project = createClaudeProject();
  projects.push(project);
  // the checkout is built as its developer would, with their own HOME and package cache
  sh(BUILD, REPO);
  sh(ADD, project.dir, project.home);
  sh(INSTALL, project.dir, project.home);

  const env = startClaudeHud({ project, pluginDir: null });
  try {
    env.api.script(
      { toolUses: [hud("task.set", { description: "Installed from the marketplace" })] },
      { toolUses: [hud("task.get")] },
      { text: "ok" },
    );
    await env.session.send("hello");
    const [first, second, third] = mainLoop(env.api);
    expect(first!.body.tools?.map((t) => t.name)).toContain(HUD_TOOL);
    expect(currentHud(first!)).toBeDefined();
    expect(toolResults(second!).at(-1)).toContain("ok: set task");
    expect(toolResults(third!).at(-1)).toContain("Installed from the marketplace");
  } finally {
    await env.stop();
  }
}, 300_000);
