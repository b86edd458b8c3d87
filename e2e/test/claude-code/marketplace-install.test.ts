// Docs are tests: the README's "Install in Claude Code" commands run here as written, with `claude` on PATH,
// against a real npm registry on 127.0.0.1 holding the packages packed from this checkout, and a local git
// repository standing in for `agent-hud/agent-hud` (git's own `insteadOf` in the person's git config, so the
// command's address is untouched). Nothing is built for the person: the marketplace's npm source installs
// the published package, whose folder is the plugin root. The next session has the HUD and the tool, and the
// README's status-line command prints it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CLAUDE_BIN, claudeEnv, createClaudeProject, HUD_TOOL, type ClaudeProject } from "../../harness/claude.ts";
import { currentHud, hud, mainLoop, startClaudeHud, toolResults } from "../../harness/claude-hud.ts";
import { publishedRegistry, type LocalRegistry } from "../../harness/registry.ts";

const REPO = resolve(import.meta.dir, "../../..");
const ADD = "claude plugin marketplace add agent-hud/agent-hud";
const INSTALL = "claude plugin install agent-hud@agent-hud";
const TASK = "Installed from the marketplace";

let registry: LocalRegistry;
let project: ClaudeProject;

/** The README's "Install in Claude Code" section. */
function section(): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const text = readme.split(/^## Install in Claude Code$/m)[1]?.split(/^#{2,3} /m)[0];
  if (!text) throw new Error('README.md has no "## Install in Claude Code" section');
  return text;
}

/** Its shell commands, comments stripped. */
function readmeCommands(): string[] {
  return [...section().matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

/** The status-line command it tells the person to paste. */
function readmeStatusLine(): string {
  const block = section().match(/```json\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error("the README's Claude Code section shows no statusLine setting");
  return (JSON.parse(block) as { statusLine: { command: string } }).statusLine.command;
}

/** Runs one line as written, in bash, as the person: their HOME, `claude` on PATH, npm's registry the local one. */
function sh(command: string, stdin?: string): string {
  const env = { ...claudeEnv("http://127.0.0.1:9", project.home), ...registry.env() };
  const run = Bun.spawnSync(["bash", "-c", command], {
    cwd: project.dir,
    env: { ...env, PATH: `${dirname(CLAUDE_BIN)}:${env.PATH}`, PWD: project.dir },
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = `${run.stdout.toString()}${run.stderr.toString()}`.trim();
  if (run.exitCode !== 0) throw new Error(`\`${command}\` failed (${run.exitCode}): ${out.split("\n").at(-1)}`);
  return run.stdout.toString();
}

/** A git repository holding what the real one commits for the marketplace: its manifest, and no build. */
function standInRepository(root: string): string {
  const repo = join(root, "agent-hud-repo");
  mkdirSync(join(repo, ".claude-plugin"), { recursive: true });
  cpSync(join(REPO, ".claude-plugin", "marketplace.json"), join(repo, ".claude-plugin", "marketplace.json"));
  cpSync(join(REPO, "README.md"), join(repo, "README.md"));
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: project.home };
  for (const args of [
    ["init", "-q"],
    ["add", "-A"],
    ["-c", "user.name=e2e", "-c", "user.email=e2e@example.com", "commit", "-q", "-m", "marketplace"],
  ]) {
    const run = Bun.spawnSync(["git", ...args], { cwd: repo, env });
    if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr.toString()}`);
  }
  return repo;
}

beforeAll(async () => {
  registry = await publishedRegistry();
  project = createClaudeProject();
  const repo = standInRepository(project.root);
  // every address Claude Code may clone `agent-hud/agent-hud` from leads to the stand-in
  const addresses = [
    "https://github.com/agent-hud/agent-hud.git",
    "https://github.com/agent-hud/agent-hud",
    "git@github.com:agent-hud/agent-hud.git",
  ];
  writeFileSync(
    join(project.home, ".gitconfig"),
    `[url "file://${repo}"]\n${addresses.map((a) => `\tinsteadOf = ${a}\n`).join("")}`,
  );
}, 300_000);

afterAll(async () => {
  project?.cleanup();
  await registry?.stop();
});

test("the README's Claude Code section is exactly the commands this suite runs", () => {
  expect(readmeCommands()).toEqual([ADD, INSTALL]);
});

test("the marketplace's entry installs the published package through npm, with no build in the repository", () => {
  const manifest = JSON.parse(readFileSync(join(REPO, ".claude-plugin", "marketplace.json"), "utf8"));
  expect(manifest.name).toBe("agent-hud");
  expect(manifest.plugins).toHaveLength(1);
  expect(manifest.plugins[0]).toMatchObject({
    name: "agent-hud",
    source: { source: "npm", package: "@agent-hud/hud-plugin" },
  });
});

test("installed from the repository's address, the next session has the HUD and the tool; the status line shows it", async () => {
  sh(ADD);
  sh(INSTALL);
  const installed = JSON.parse(readFileSync(join(project.home, ".claude/plugins/installed_plugins.json"), "utf8"));
  const [entry] = installed.plugins["agent-hud@agent-hud"] as Array<{ installPath: string; version: string }>;
  const version = JSON.parse(readFileSync(join(REPO, "packages/hud-plugin/package.json"), "utf8")).version;
  expect(entry!.version).toBe(version);
  // the plugin root is the package from the registry
  expect(JSON.parse(readFileSync(join(entry!.installPath, "package.json"), "utf8")).name).toBe("@agent-hud/hud-plugin");

  const env = startClaudeHud({ project, pluginDir: null });
  try {
    env.api.script(
      { toolUses: [hud("task.set", { description: TASK })] },
      { toolUses: [hud("task.get")] },
      { text: "ok" },
    );
    await env.session.send("hello");
    const [first, second, third] = mainLoop(env.api);
    expect(first!.body.tools?.map((t) => t.name)).toContain(HUD_TOOL);
    expect(currentHud(first!)).toBeDefined();
    expect(toolResults(second!).at(-1)).toContain("ok: set task");
    // the agent's own call is told by its result; task.get reads it back from the installed server
    expect(toolResults(third!).at(-1)).toContain(TASK);

    // the status line does not run in headless mode: its command runs here as Claude Code would run it,
    // with the session's status-line JSON on stdin
    const input = {
      session_id: env.session.sessionId,
      cwd: project.dir,
      workspace: { current_dir: project.dir, project_dir: project.dir },
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
    };
    const line = sh(readmeStatusLine(), JSON.stringify(input)).trim();
    expect(line).toMatch(new RegExp(`^${TASK} · \\w+ · [\\d.]+% of \\d+k`));
  } finally {
    await env.stop();
  }
}, 300_000);
