// The person's view of a Claude Code session: the plugin's slash command, the status-line command Claude
// Code's settings run, and the agent-hud CLI (live HUD, data, doctor) reading the same session.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { claudeEnv } from "../../harness/claude.ts";
import { hud, mainLoop, startClaudeHud, toolResults, type ClaudeHud } from "../../harness/claude-hud.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
const TASK = "Polish the status line";

let env: ClaudeHud;
beforeAll(async () => {
  env = startClaudeHud();
  env.api.script({ toolUses: [hud("task.set", { description: TASK })] }, { text: "set" });
  await env.session.send("set the task");
});
afterAll(() => env?.stop());

function agentHud(args: string[], stdin?: string): string {
  const run = Bun.spawnSync(["bun", CLI, ...args], {
    cwd: env.project.dir,
    env: { ...claudeEnv(env.api.url, env.project.home), PWD: env.project.dir },
    stdin: stdin === undefined ? undefined : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = run.stdout.toString();
  if (run.exitCode !== 0)
    throw new Error(`agent-hud ${args.join(" ")} exited ${run.exitCode}: ${run.stderr.toString().trim()}`);
  return out;
}

test("the plugin's slash command (/agent-hud:hud: Claude Code namespaces a plugin's commands) shows the HUD", async () => {
  const before = mainLoop(env.api).length;
  env.api.script({ toolUses: [hud("snapshot")] }, { text: "shown" });
  await env.session.send("/agent-hud:hud");
  const [asked, answered] = mainLoop(env.api).slice(before);
  const prompt = JSON.stringify(asked!.body.messages.findLast((m) => m.role === "user")!.content);
  expect(prompt).toContain("/agent-hud:hud");
  expect(prompt).toContain("snapshot");
  expect(toolResults(answered!).at(-1)).toContain(TASK);
});

test("the status line shows task, density and usage from Claude Code's session JSON", () => {
  const { project, session } = env;
  const input = {
    session_id: session.sessionId,
    cwd: project.dir,
    workspace: { project_dir: project.dir, current_dir: project.dir },
  };
  const line = agentHud(["statusline"], JSON.stringify(input)).trim();
  expect(line).toMatch(new RegExp(`^${TASK} · \\w+ · [\\d.]+% of \\d+k`));
  expect(agentHud(["statusline"], "not json").trim()).toBe("HUD: the status line got no session JSON on stdin");
});

test("agent-hud prints the session's live HUD, data lists it, doctor reports the Claude Code side", () => {
  expect(agentHud(["--markdown", "--no-color"])).toContain(TASK);
  expect(agentHud(["data"])).toMatch(/\(this folder\): 1 sessions/);
  const doctor = agentHud(["doctor"]);
  expect(doctor).toMatch(/^claude-code: Bun \d+\.\d+\.\d+/m);
  expect(doctor).toMatch(/^claude-code: hooks ran for 1 session\(s\)/m);
  // run with --plugin-dir, so Claude Code's own plugin list does not hold it, and doctor says how to install it
  expect(doctor).toMatch(/^claude-code: plugin not installed \(claude plugin marketplace add/m);
});
