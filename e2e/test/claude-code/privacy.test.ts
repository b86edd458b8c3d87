// Secrets in Claude Code: what a Bash call prints reaches the agent (Claude Code's history is its own), but no
// file the plugin keeps holds a value, `search` answers with the redacted line, and the files are 0600.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  foldersOf,
  hud,
  mainLoop,
  pluginFiles,
  startClaudeHud,
  toolResults,
  type ClaudeHud,
} from "../../harness/claude-hud.ts";

// Fake values in the providers' shapes, new on every run, so no file could hold them by chance.
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const AWS_KEY = `AKIA${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 6)}${pick("234567", 2)}${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8)}`;
const GITHUB_TOKEN = `ghp_${pick(ALNUM, 30)}${pick("0123456789", 6)}`;
const DB_PASSWORD = `${pick(ALNUM, 12)}9x`;
const VALUES = { AWS_KEY, GITHUB_TOKEN, DB_PASSWORD };
const COMMAND = `echo "AWS access key: ${AWS_KEY}"; echo "github: ${GITHUB_TOKEN}"; cat .env`;

let env: ClaudeHud;
beforeAll(() => {
  env = startClaudeHud({ files: { ".env": `DB_HOST=db.internal\nDB_PASSWORD=${DB_PASSWORD}\nDB_PORT=5432\n` } });
});
afterAll(() => env?.stop());

test("secrets a Bash call prints reach the agent but no file of the plugin; search finds the redacted line", async () => {
  const { api, session, project } = env;
  api.script(
    { toolUses: [{ name: "Bash", input: { command: COMMAND, description: "Show the settings" } }] },
    { toolUses: [hud("notes.add", { content: `deploy key for CI: ${GITHUB_TOKEN}` })] },
    { toolUses: [hud("search", { query: "AWS" })] },
    { text: "done" },
  );
  await session.send("show me the settings");
  const [, afterBash, , afterSearch] = mainLoop(api);
  const output = toolResults(afterBash!).at(-1)!;
  for (const value of Object.values(VALUES)) expect(output).toContain(value);

  const answer = toolResults(afterSearch!).at(-1)!;
  expect(answer).toContain("[redacted:");
  expect(answer).toContain("access key");
  for (const value of Object.values(VALUES)) expect(answer).not.toContain(value);
  await session.close();

  const files = pluginFiles(project.home);
  expect(files.map((f) => f.path.split("/").at(-1))).toContain("hud.db");
  // the redacted lines themselves are stored, so the scan reads the plugin's real files
  expect(files.some((f) => f.bytes.includes("[redacted:github-token]"))).toBe(true);
  for (const { path, bytes } of files)
    for (const [name, value] of Object.entries(VALUES))
      for (let i = 0; i + 8 <= value.length; i++)
        expect({ path, name, found: bytes.includes(value.slice(i, i + 8)) }).toEqual({ path, name, found: false });
  for (const { path, mode } of files) expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: "600" });
  for (const { path, mode } of foldersOf(files))
    expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: "700" });
});
