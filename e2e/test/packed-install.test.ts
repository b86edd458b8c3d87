import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeLlm } from "../harness/fake-llm.ts";
import { hud } from "../harness/hud-session.ts";
import {
  createProject,
  logProblems,
  markDependenciesInstalled,
  OPENCODE_BIN,
  PLUGIN_DIR,
  startOpencode,
  type OpencodeServer,
  type Project,
} from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let llm: FakeLlm;
let project: Project;
let server: OpencodeServer | undefined;
let packDir: string;

function run(cmd: string[], cwd: string, env?: Record<string, string>): string {
  const result = Bun.spawnSync(cmd, { cwd, env: env ?? (process.env as Record<string, string>) });
  if (result.exitCode !== 0)
    throw new Error(
      `${cmd.join(" ")} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`,
    );
  return result.stdout.toString();
}

beforeAll(() => {
  if (!existsSync(join(PLUGIN_DIR, "dist/server.js"))) run(["bun", "run", "build"], PLUGIN_DIR);
  packDir = mkdtempSync(join(tmpdir(), "agent-hud-pack-"));
  run(["bun", "pm", "pack", "--destination", packDir, "--quiet"], PLUGIN_DIR);
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url });
});

afterAll(async () => {
  await server?.stop();
  llm?.stop();
  project?.cleanup();
  rmSync(packDir, { recursive: true, force: true });
});

test("the packed tarball, installed with npm and registered with `opencode plugin`, loads and works", async () => {
  const tarball = readdirSync(packDir).find((f) => f.endsWith(".tgz"));
  expect(tarball).toBeDefined();
  const configDir = join(project.dir, ".opencode");
  // --offline: the tarball must not need anything from a registry
  run(["npm", "install", "--offline", "--no-audit", "--no-fund", join(packDir, tarball!)], configDir, project.env);
  const installed = join(configDir, "node_modules/@agent-hud/hud-plugin");
  // the package's folder is also a Claude Code plugin root (what a marketplace's npm source installs)
  expect(readdirSync(installed).sort()).toEqual([
    ".claude-plugin",
    ".mcp.json",
    "LICENSE",
    "README.md",
    "commands",
    "dist",
    "hooks",
    "package.json",
    "tui",
  ]);

  run([OPENCODE_BIN, "plugin", installed], project.dir, project.env);
  expect(project.readConfig().plugin).toEqual([installed]);
  // the TUI target is registered too (the package declares both in "oc-plugin")
  expect(JSON.parse(readFileSync(join(configDir, "tui.json"), "utf8")).plugin).toEqual([installed]);
  markDependenciesInstalled(configDir);

  server = await startOpencode(project);
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("task.set", { description: "Ship from the tarball" })] }, { text: "ok" });
  await server.prompt(session.id, "go");
  const [first, second] = llm.agentRequests();
  expect(tailHud(first!)).toBeDefined();
  expect(tailHud(second!)).toContain("Ship from the tarball");
  expect(toolResults(second!).at(-1)).toContain("ok: set task");
  expect(logProblems(project, "agent-hud")).toEqual([]);
});
