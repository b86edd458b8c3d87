// The real-opencode-2 smoke: when the registry has an opencode-ai 2.x, it is installed into a throw-away
// folder and driven with `opencode run` against the fake LLM, with agent-hud in the config's `plugins`
// list as the README tells a V2 user. The registry this suite installs from has had no 2.x so far: then
// the file prints one line saying so and the tests are skipped, never passed. The scenarios were written
// from opencode 2's published docs and source (the host README names the commits); they have not yet run
// against a V2 binary, which is why their names say "unverified until a 2.x is on the registry".
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeLlm, systemText } from "../harness/fake-llm.ts";
import { hud } from "../harness/hud-session.ts";
import { createProject, PLUGIN_DIR, type Project } from "../harness/opencode.ts";
import { hudMessages, tailHud, toolResults } from "../harness/requests.ts";

function newestV2(): { version?: string; error?: string } {
  const out = Bun.spawnSync(["npm", "view", "opencode-ai@>=2.0.0-0", "version", "--json"], { timeout: 30_000 });
  const text = out.stdout.toString().trim();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  // npm answers "no version matches" with E404 in its JSON output
  if ((parsed as { error?: { code?: string } } | undefined)?.error?.code === "E404") return {};
  if (out.exitCode !== 0 || parsed === undefined) {
    const line =
      out.stderr
        .toString()
        .split("\n")
        .find((l) => l.startsWith("npm error")) ?? "npm view failed";
    return { error: line };
  }
  return { version: Array.isArray(parsed) ? String(parsed.at(-1)) : String(parsed) };
}

const found = newestV2();
if (!found.version)
  console.log(
    `opencode 2 smoke not run: ${found.error ? `the registry could not be asked (${found.error})` : "the registry has no opencode-ai 2.x"}; the V2 contract is checked by the simulation in e2e/v2-contract/`,
  );

describe("real opencode 2 from the registry (unverified until a 2.x is on the registry)", () => {
  let installDir: string;
  let bin: string;
  let llm: FakeLlm;
  let project: Project;

  beforeAll(() => {
    if (!found.version) return;
    installDir = mkdtempSync(join(tmpdir(), "agent-hud-v2-"));
    const install = Bun.spawnSync(
      ["npm", "install", "--no-fund", "--no-audit", "--prefix", installDir, `opencode-ai@${found.version}`],
      { stdout: "pipe", stderr: "pipe", timeout: 300_000 },
    );
    if (install.exitCode !== 0) throw new Error(`npm install opencode-ai@${found.version}: ${install.stderr}`);
    bin = join(installDir, "node_modules/.bin/opencode");
    llm = new FakeLlm().start();
    // V2 reads plugins from the `plugins` list as `{ package, options }`; no V1 `plugin` key is written
    project = createProject({ llmUrl: llm.url, config: { plugins: [{ package: PLUGIN_DIR, options: {} }] } });
  }, 360_000);
  afterAll(() => {
    llm?.stop();
    project?.cleanup();
    if (installDir) rmSync(installDir, { recursive: true, force: true });
  });

  async function run(prompt: string): Promise<void> {
    const child = Bun.spawn([bin, "run", prompt], {
      cwd: project.dir,
      env: { ...project.env, PWD: project.dir },
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => child.kill(), 120_000);
    const code = await child.exited;
    clearTimeout(timer);
    if (code !== 0)
      throw new Error(`opencode ${found.version} run exited ${code}: ${await new Response(child.stderr).text()}`);
  }

  const v2Test = test.skipIf(!found.version);

  v2Test("every agent request ends with one HUD, and the system prompt is the same in each", async () => {
    llm.script(
      { toolCalls: [{ name: "bash", args: { command: "echo hi", description: "say hi" } }] },
      { text: "done" },
    );
    await run("look around");
    const agent = llm.agentRequests();
    expect(agent.length).toBeGreaterThanOrEqual(2);
    for (const request of agent) expect(hudMessages(request)).toHaveLength(1);
    expect(new Set(agent.map((r) => systemText(r.body))).size).toBe(1);
  });

  v2Test("a hud task.set call changes the HUD of the very next request", async () => {
    const before = llm.agentRequests().length;
    llm.script({ toolCalls: [hud("task.set", { description: "Ship agent-hud on opencode 2" })] }, { text: "ok" });
    await run("set the task");
    const next = llm.agentRequests()[before + 1]!;
    expect(toolResults(next).at(-1)).toContain("task");
    expect(tailHud(next)).toContain("Ship agent-hud on opencode 2");
  });
});
