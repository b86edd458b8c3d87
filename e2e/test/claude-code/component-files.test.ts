// Component files in the real Claude Code: a file whose module code would write a marker never writes it,
// wherever the hook runs. The session's first hook runs before the MCP server is up (in its own process);
// after the agent writes a `.git` file into a package folder and moves there, the hooks' git root is no
// longer the server's worktree and they run in their own process again. Neither evaluates a component file:
// a hook process shows stored renders, the server renders accepted files in its sandbox.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClaudeProject, type ClaudeProject } from "../../harness/claude.ts";
import { currentHud, mainLoop, startClaudeHud, type ClaudeHud } from "../../harness/claude-hud.ts";
import { PLUGIN_DIR } from "../../harness/opencode.ts";

/** Writes the marker with whatever file system its module can reach; renders `text` (proof it rendered). */
const marking = (
  marker: string,
  text: string,
) => `const fs = typeof require === "function" ? require("node:fs") : undefined;
fs?.writeFileSync(${JSON.stringify(marker)}, "ran");
globalThis.Bun?.write?.(${JSON.stringify(marker)}, "ran");
export default () => <paragraph>${text}</paragraph>;
`;

let project: ClaudeProject;
let env: ClaudeHud;
const markers = mkdtempSync(join(tmpdir(), "agent-hud-cc-marker-"));
const marker = join(markers, "component-ran");
beforeAll(() => {
  // committed with the repository, as a clone brings it
  project = createClaudeProject({
    files: { ".opencode/hud/Cloned.tsx": marking(marker, "Cloned renders in the sandbox") },
  });
});
afterAll(async () => {
  await env?.stop();
  project?.cleanup();
  rmSync(markers, { recursive: true, force: true });
});

test("no component file runs in a hook process: not before the MCP server is up, not after a .git file moves the git root", async () => {
  // the person accepts the cloned file with the hash they read, before the session starts
  const cli = (...argv: string[]) =>
    Bun.spawnSync(["bun", join(PLUGIN_DIR, "dist", "cli", "index.js"), "components", ...argv], {
      cwd: project.dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: project.home, PWD: project.dir },
    });
  const hash = /^waiting +([0-9a-f]{12})  \.opencode\/hud\/Cloned\.tsx/m.exec(cli("list").stdout.toString())?.[1];
  expect(hash).toBeDefined();
  expect(cli("accept", ".opencode/hud/Cloned.tsx", hash!).exitCode).toBe(0);

  env = startClaudeHud({ project });
  // the accepted file renders in the server's sandbox in the background (its process starts first), and a
  // later call of the session carries that render: turns go on until one does, however slow the machine
  const rendered = () => mainLoop(env.api).some((r) => (currentHud(r) ?? "").includes("Cloned renders in the sandbox"));
  const deadline = Date.now() + 120_000;
  for (let i = 0; !rendered() && Date.now() < deadline; i++) {
    env.api.script({ text: "ok" });
    await env.session.send(`look ${i}`);
    if (!rendered()) await Bun.sleep(250);
  }
  // the last call's HUD, whole, so a failure shows what it held instead
  expect(currentHud(mainLoop(env.api).at(-1)!)).toContain("Cloned renders in the sandbox");

  // then the agent makes a package folder a git root of its own, with a component file in it, and moves there
  const before = mainLoop(env.api).length;
  const pkg = join(project.dir, "packages", "api");
  env.api.script(
    { toolUses: [{ name: "Write", input: { file_path: join(pkg, ".git"), content: "gitdir: /nonexistent\n" } }] },
    {
      toolUses: [
        {
          name: "Write",
          input: { file_path: join(pkg, ".opencode", "hud", "Evil.tsx"), content: marking(marker, "EVIL-RENDERED") },
        },
      ],
    },
    { toolUses: [{ name: "Bash", input: { command: `cd ${pkg} && ls -a`, description: "enter the package" } }] },
    { toolUses: [{ name: "Bash", input: { command: "echo again", description: "another step" } }] },
    { text: "done" },
  );
  await env.session.send("set up the package");
  const requests = mainLoop(env.api).slice(before);
  expect(requests.length).toBeGreaterThanOrEqual(5);
  for (const request of requests) expect(currentHud(request)).toBeDefined();
  expect(existsSync(join(pkg, ".opencode", "hud", "Evil.tsx"))).toBe(true);
  expect(mainLoop(env.api).some((r) => (currentHud(r) ?? "").includes("EVIL-RENDERED"))).toBe(false);
  expect(existsSync(marker)).toBe(false);
}, 240_000);
