// What the plugin keeps after a real opencode run, seen and removed with the `agent-hud` command: the data
// folder is owner-only, `data` lists it, `purge --dry-run` lists exactly one session, `purge` removes it
// while opencode works on another session, and `doctor` reports the setup.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { PLUGIN_DIR } from "../harness/opencode.ts";
import { tailHud } from "../harness/requests.ts";

const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");
let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv();
});
afterAll(() => env?.stop());

function cli(...args: string[]) {
  const run = Bun.spawnSync(["bun", CLI, ...args], {
    cwd: env.project.dir,
    env: { ...env.project.env, PWD: env.project.dir, NO_COLOR: "1" },
  });
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}

/** The files of the data folder (databases, -wal, -shm and the rest) whose raw bytes hold `text`. */
const holding = (dir: string, text: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => statSync(join(dir, name)).isFile() && readFileSync(join(dir, name)).includes(text));

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

test("after a real run: owner-only files, data lists them, purge removes one session while another is being written, doctor reports", async () => {
  const { llm, server } = env;
  const [gone, kept] = [await server.createSession(), await server.createSession()];
  llm.script({ toolCalls: [hud("notes.add", { content: "note of the session to purge" })] }, { text: "ok" });
  await server.prompt(gone.id, "one quokkaword question");
  llm.script({ toolCalls: [hud("notes.add", { content: "note of the session kept" })] }, { text: "ok" });
  await server.prompt(kept.id, "two");

  const dir = join(env.project.dataDir, "opencode", "hud");
  // both texts of the session to purge are on disk before, so the check after it can see them
  expect(holding(dir, "note of the session to purge").length).toBeGreaterThan(0);
  expect(holding(dir, "quokkaword").length).toBeGreaterThan(0);
  expect(mode(dir)).toBe("700");
  const files = readdirSync(dir).filter((f) => f.startsWith("hud.db") || f.startsWith("recall.db"));
  expect(files).toContain("hud.db");
  for (const f of files) expect([f, mode(join(dir, f))]).toEqual([f, "600"]);

  const data = cli("data");
  expect(data.code).toBe(0);
  expect(data.out).toMatch(/\(this folder\): 2 sessions, \d+ events, \d+ indexed texts/);

  const dry = cli("purge", "--session", gone.id, "--dry-run");
  expect(dry.out.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^would remove session ${gone.id} `))]);

  // opencode works on the other session while the purge runs
  llm.script({ toolCalls: [hud("notes.add", { content: "written during the purge" })] }, { text: "ok" });
  const working = server.prompt(kept.id, "three");
  const purge = cli("purge", "--session", gone.id);
  await working;
  expect(purge).toMatchObject({ code: 0, err: "" });
  expect(purge.out).toContain(`removed session ${gone.id}`);
  expect(cli("purge", "--session", gone.id, "--dry-run").out).toBe("nothing matched\n");
  // no byte of it is left in any file of the data folder, while opencode keeps its connections open
  expect(holding(dir, "note of the session to purge")).toEqual([]);
  expect(holding(dir, "quokkaword")).toEqual([]);
  llm.script({ text: "still here" });
  await server.prompt(kept.id, "four");
  const last = tailHud(llm.agentRequests().at(-1)!)!;
  expect(last).toContain("note of the session kept");
  expect(last).toContain("written during the purge");
  expect(holding(dir, "note of the session to purge")).toEqual([]);

  const doctor = cli("doctor");
  expect(doctor.code).toBe(0);
  expect(doctor.out).toContain(`data folder ${dir}: mode 700`);
  expect(doctor.out).toMatch(/opencode (\S+|not found on PATH); supported: >= 1\.15\.13/);
  expect(doctor.out).toMatch(/schema for "\$schema": \S+agent-hud\.schema\.json/);
}, 120_000);
