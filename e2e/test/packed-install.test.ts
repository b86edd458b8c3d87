import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm } from "../harness/fake-llm.ts";
import { hud } from "../harness/hud-session.ts";
import {
  createProject,
  logProblems,
  markDependenciesInstalled,
  OPENCODE_BIN,
  startOpencode,
  type OpencodeServer,
  type Project,
} from "../harness/opencode.ts";
import { tarballOf } from "../harness/packed.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

let llm: FakeLlm;
let project: Project;
let server: OpencodeServer | undefined;

function run(cmd: string[], cwd: string, env?: Record<string, string>): string {
  const result = Bun.spawnSync(cmd, { cwd, env: env ?? (process.env as Record<string, string>) });
  if (result.exitCode !== 0)
    throw new Error(
      `${cmd.join(" ")} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`,
    );
  return result.stdout.toString();
}

beforeAll(() => {
  llm = new FakeLlm().start();
  project = createProject({ llmUrl: llm.url });
});

afterAll(async () => {
  await server?.stop();
  llm?.stop();
  project?.cleanup();
});

test("the packed tarball, installed with npm and registered with `opencode plugin`, loads and works", async () => {
  // packed by `bun pm pack` (its prepack builds the package), once per run: see harness/packed.ts
  const tarball = tarballOf("hud-plugin");
  const configDir = join(project.dir, ".opencode");
  // --offline: the tarball must not need anything from a registry
  run(["npm", "install", "--offline", "--no-audit", "--no-fund", tarball], configDir, project.env);
  const installed = join(configDir, "node_modules/@agent-hud/hud-plugin");
  // the package's folder is also a Claude Code plugin root (what a marketplace's npm source installs) and a
  // Codex marketplace root (.agents)
  expect(readdirSync(installed).sort()).toEqual([
    ".agents",
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
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
