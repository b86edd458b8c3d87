// The `agent-hud` command next to a real opencode server: it prints the live HUD of the project's latest
// session from the database the plugin writes, and `--watch` follows the agent's next change.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR } from "../harness/opencode.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

test("agent-hud prints the HUD of the project's latest session and --watch follows the next change", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("task.set", { description: "Print me from the CLI" })] }, { text: "ok" });
  await server.prompt(session.id, "go");
  const once = Bun.spawnSync(["bun", CLI], { cwd: project.dir, env: { ...project.env, PWD: project.dir } });
  expect(once.stderr.toString()).toBe("");
  expect(once.exitCode).toBe(0);
  const out = once.stdout.toString();
  expect(out).toContain(`session ${session.id}`);
  expect(out).toMatch(/HUD full · [\d.]+% used · \d+ tok/);
  expect(out).toContain("Print me from the CLI");

  const watch = Bun.spawn(["bun", CLI, "--watch", "--session", session.id], {
    cwd: project.dir,
    env: { ...project.env, PWD: project.dir },
    stdout: "pipe",
  });
  let seen = "";
  const reader = (async () => {
    for await (const chunk of watch.stdout) seen += new TextDecoder().decode(chunk);
  })();
  const until = async (text: string) => {
    const deadline = Date.now() + 20_000;
    while (!seen.includes(text)) {
      if (Date.now() > deadline) throw new Error(`--watch never printed ${text}; got:\n${seen}`);
      await Bun.sleep(50);
    }
  };
  await until("Print me from the CLI");
  llm.script({ toolCalls: [hud("notes.add", { content: "watched from outside" })] }, { text: "ok" });
  await server.prompt(session.id, "note it");
  await until("watched from outside");
  watch.kill("SIGINT");
  expect(await watch.exited).toBe(0);
  await reader;
});
