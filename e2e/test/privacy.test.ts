import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hud, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { logProblems } from "../harness/opencode.ts";
import { toolResults } from "../harness/requests.ts";

// Fake values in the providers' shapes, new on every run, so no file could hold them by chance.
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const AWS_KEY = `AKIA${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 6)}${pick("234567", 2)}${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8)}`;
const GITHUB_TOKEN = `ghp_${pick(ALNUM, 30)}${pick("0123456789", 6)}`;
const DB_PASSWORD = `${pick(ALNUM, 12)}9x`;
const VALUES = { AWS_KEY, GITHUB_TOKEN, DB_PASSWORD };
const URLSAFE = `${ALNUM}_-`;
const OAUTH_TOKEN = `sk-ant-oat01-${pick(URLSAFE, 90)}${pick("0123456789", 3)}AA`;
const SPLIT_TOKEN = `ghp_${pick(ALNUM, 30)}${pick("0123456789", 6)}`;
// the token starts before the 300th character of the command and ends after it
const LONG_COMMAND = `${"echo step; ".repeat(27).slice(0, 290)} echo ${SPLIT_TOKEN} >/dev/null`;
const MEMORY = ".opencode/hud/memory.md";
const COMMAND = `echo "AWS access key: ${AWS_KEY}"; echo "github: ${GITHUB_TOKEN}"; cat .env`;

let env: HudEnv;
beforeAll(async () => {
  env = await startHudEnv({ files: { ".env": `DB_HOST=db.internal\nDB_PASSWORD=${DB_PASSWORD}\nDB_PORT=5432\n` } });
});
afterAll(() => env?.stop());

/** Where an 8-byte piece of a value is left in a file, as `path name`. */
function piecesLeft(files: Array<{ path: string; bytes: Buffer }>, values: Record<string, string>): string[] {
  const left: string[] = [];
  for (const { path, bytes } of files)
    for (const [name, value] of Object.entries(values))
      for (let i = 0; i + 8 <= value.length; i++)
        if (bytes.includes(value.slice(i, i + 8))) {
          left.push(`${path} ${name}`);
          break;
        }
  return left;
}

/** Every file the plugin keeps (hud.db, recall.db, their -wal and -shm, the board), as raw bytes. */
function storedFiles(): Array<{ path: string; bytes: Buffer }> {
  const dir = join(env.project.dataDir, "opencode", "hud");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

test("secrets printed by a bash call reach the agent but no file of the plugin; hud search finds the redacted line", async () => {
  const { llm, server, project } = env;
  const session = await server.createSession();
  llm.script(
    { toolCalls: [{ name: "bash", args: { command: COMMAND, description: "Show the settings" } }] },
    { toolCalls: [hud("search", { query: "AWS" })] },
    { text: "done" },
  );
  await server.prompt(session.id, "show me the settings");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= 3, 60_000, "three agent requests");
  const [, afterBash, afterSearch] = llm.agentRequests();

  // opencode's history is opencode's: the agent's next request carries the output as printed
  const output = toolResults(afterBash!).at(-1)!;
  for (const value of Object.values(VALUES)) expect(output).toContain(value);

  const answer = toolResults(afterSearch!).at(-1)!;
  expect(answer).toMatch(/«AWS» access key: \[redacted:«aws»-access-key\]/);
  for (const value of Object.values(VALUES)) expect(answer).not.toContain(value);

  const files = storedFiles();
  const names = files.map((f) => f.path.split("/").at(-1));
  expect(names).toContain("hud.db");
  expect(names).toContain("recall.db");
  // the redacted lines themselves are stored (the WAL holds them until a checkpoint)
  expect(files.some((f) => f.bytes.includes("DB_PASSWORD=[redacted:env-secret]"))).toBe(true);
  expect(files.some((f) => f.bytes.includes("[redacted:github-token]"))).toBe(true);
  // no 8-byte piece of any value, in any file
  for (const { path, bytes } of files)
    for (const [name, value] of Object.entries(VALUES))
      for (let i = 0; i + 8 <= value.length; i++)
        expect({ path, name, found: bytes.includes(value.slice(i, i + 8)) }).toEqual({ path, name, found: false });
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});

test("an sk-ant-oat01 token in a project note and a token across the 300-character command cut reach no file", async () => {
  const { llm, server, project } = env;
  expect(LONG_COMMAND.indexOf(SPLIT_TOKEN)).toBeLessThan(300);
  expect(LONG_COMMAND.indexOf(SPLIT_TOKEN) + SPLIT_TOKEN.length).toBeGreaterThan(300);
  const session = await server.createSession();
  const before = llm.agentRequests().length;
  llm.script(
    { toolCalls: [hud("notes.add", { content: `CI login uses ${OAUTH_TOKEN}`, scope: "project" })] },
    { toolCalls: [{ name: "bash", args: { command: LONG_COMMAND, description: "Run the steps" } }] },
    { text: "done" },
  );
  await server.prompt(session.id, "remember the CI login, then run the steps");
  await server.waitIdle(session.id);
  await llm.waitFor((rs) => rs.filter((r) => r.kind === "agent").length >= before + 3, 60_000, "three more requests");
  const afterNote = llm.agentRequests()[before + 1]!;
  const answer = toolResults(afterNote).at(-1)!;
  expect(answer).toMatch(
    /^ok: added note pn\d+\nnote: the text held a secret; it is stored as \[redacted:anthropic-key\]/,
  );

  // the memory file is written a moment after the change: wait until it holds the note
  const file = join(project.dir, MEMORY);
  const deadline = Date.now() + 30_000;
  while (!(existsSync(file) && readFileSync(file, "utf8").includes("CI login uses \\[redacted:anthropic-key]"))) {
    if (Date.now() > deadline) throw new Error(`${MEMORY} never held the redacted note`);
    await Bun.sleep(100);
  }
  const files = [...storedFiles(), { path: file, bytes: readFileSync(file) }];
  expect(files.map((f) => f.path.split("/").at(-1))).toEqual(
    expect.arrayContaining(["hud.db", "recall.db", "memory.md"]),
  );
  expect(piecesLeft(files, { OAUTH_TOKEN, SPLIT_TOKEN })).toEqual([]);
  expect(await logProblems(server, "agent-hud")).toEqual([]);
});
