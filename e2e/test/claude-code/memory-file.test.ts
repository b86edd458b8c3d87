// The project's memory file, both ways between hosts: Claude Code and opencode run in one worktree with
// separate HOMEs (so separate HUD databases), and the file in the worktree is all they share.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { ClaudeProject } from "../../harness/claude.ts";
import { currentHud, hud, mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import { FakeLlm } from "../../harness/fake-llm.ts";
import { hud as opencodeHud, hudPlugin } from "../../harness/hud-session.ts";
import { createProject, startOpencode, type OpencodeServer, type Project } from "../../harness/opencode.ts";
import { tailHud } from "../../harness/requests.ts";

const FROM_CLAUDE = "money amounts are integer cents, never floats";
const FROM_OPENCODE = "every migration ships with its down step";

let llm: FakeLlm;
let project: Project;
let claudeProject: ClaudeProject;
let claude: ClaudeHud;
let opencode: OpencodeServer | undefined;

beforeAll(() => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url, plugins: [hudPlugin()] });
  claudeProject = { root: project.root, dir: project.dir, home: join(project.root, "claude-home"), cleanup() {} };
});

afterAll(async () => {
  await claude?.stop();
  await opencode?.stop();
  llm?.stop();
  project?.cleanup();
});

/** Worktree files (outside .git and node_modules) whose text holds `text`, relative to the worktree. */
function holds(path: string, text: string): boolean {
  try {
    return statSync(path).size < 1_000_000 && readFileSync(path, "utf8").includes(text);
  } catch (error) {
    // renamed or removed between the listing and the read
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

function filesHolding(text: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === ".git" || entry.name === "node_modules") continue;
      // a write in flight (the plugin writes a temporary file, then renames it over the memory file) is not
      // where the text lives; it may also be gone by the time it is read
      if (entry.name.endsWith(".tmp")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && holds(path, text)) out.push(relative(project.dir, path));
    }
  };
  walk(project.dir);
  return out;
}

/** The plugin writes the file shortly after the change; wait for a worktree file to hold `text`. */
async function fileHolding(text: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = filesHolding(text);
    if (found.length > 0) return found[0]!;
    if (Date.now() > deadline) throw new Error(`no file of the worktree came to hold "${text}"`);
    await Bun.sleep(100);
  }
}

test("a convention added in Claude Code reaches an opencode session, and one added in opencode reaches Claude Code", async () => {
  claude = startClaudeHud({ project: claudeProject });
  claude.api.script({ toolUses: [hud("conventions.add", { content: FROM_CLAUDE })] }, { text: "noted" });
  await claude.session.send("remember the money rule");
  const file = await fileHolding(FROM_CLAUDE);
  expect(existsSync(join(project.dir, file))).toBe(true);
  await claude.session.close();

  opencode = await startOpencode(project);
  const session = await opencode.createSession();
  llm.script({ toolCalls: [opencodeHud("conventions.add", { content: FROM_OPENCODE })] }, { text: "noted" });
  await opencode.prompt(session.id, "remember the migration rule");
  const [first] = llm.agentRequests();
  expect(tailHud(first!)).toContain(FROM_CLAUDE);
  // one file, both hosts
  expect(await fileHolding(FROM_OPENCODE)).toBe(file);
  await opencode.stop();
  opencode = undefined;

  const before = mainLoop(claude.api).length;
  const next = claude.start();
  await next.send("what are the rules?");
  const [fresh] = mainLoop(claude.api).slice(before);
  expect(currentHud(fresh!)).toContain(FROM_OPENCODE);
  expect(currentHud(fresh!)).toContain(FROM_CLAUDE);
}, 240_000);
