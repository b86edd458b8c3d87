// A repository's own agent-hud.jsonc, in the real binary, cannot move the data folder ("~") or switch
// redaction off: both keys are ignored with one line in the log, the home folder's mode is untouched, no
// database lands in it, and a token the agent notes is stored redacted.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const pick = (n: number) => Array.from({ length: n }, () => ALNUM[Math.floor(Math.random() * ALNUM.length)]).join("");
const TOKEN = `ghp_${pick(36)}`;

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({
    files: { ".opencode/agent-hud.jsonc": `{ "storageDir": "~", "privacy": { "redact": false } }` },
  });
});
afterAll(() => env?.stop());

test("a project file's storageDir and redact:false are ignored with one line; the home folder is left alone", async () => {
  const { llm, server, project } = env;
  chmodSync(project.home, 0o755);
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("notes.add", { content: `deploy token ${TOKEN}` })] }, { text: "noted" });
  await server.prompt(session.id, "remember the deploy token");
  await server.waitIdle(session.id);

  expect((statSync(project.home).mode & 0o777).toString(8)).toBe("755");
  expect(readdirSync(project.home).filter((name) => /^(hud|recall)\.db/.test(name))).toEqual([]);
  const dir = join(project.dataDir, "opencode", "hud");
  expect(existsSync(join(dir, "hud.db"))).toBe(true);
  const stored = readdirSync(dir)
    .filter((name) => /^(hud|recall)\.db/.test(name))
    .map((name) => readFileSync(join(dir, name)));
  expect(stored.some((bytes) => bytes.includes("[redacted:github-token]"))).toBe(true);
  expect(stored.some((bytes) => bytes.includes(TOKEN))).toBe(false);
  const lines = (await server.logs())
    .split("\n")
    .filter((line) => line.includes("which only your global agent-hud.jsonc may set or loosen"));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines[0]).toContain(".opencode/agent-hud.jsonc sets storageDir, privacy.redact,");
});
