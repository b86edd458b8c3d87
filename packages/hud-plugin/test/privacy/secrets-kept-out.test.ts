import { afterEach, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fakeOpencode, hostTurn, type FakeOpencode } from "../helpers/fake-opencode.ts";
import { workspace, type Workspace } from "../project/support.ts";
import { fake } from "./corpus.ts";

let oc: FakeOpencode | undefined;
let ws: Workspace | undefined;
afterEach(async () => {
  await oc?.close();
  oc = undefined;
  ws?.close();
  ws = undefined;
});

const SESSION = "ses_secrets";
const URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const MEMORY = ".opencode/hud/memory.md";

/** Every file under a folder, as text (databases, their -wal and -shm, the board, the memory file). */
function filesUnder(dir: string): Array<{ path: string; text: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, "latin1") }));
}

/** Where an 8-character piece of the secret is left, file by file. */
function piecesLeft(files: Array<{ path: string; text: string }>, secret: string): string[] {
  const pieces = Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8));
  return files.filter((f) => pieces.some((p) => f.text.includes(p))).map((f) => f.path);
}

/** The write is debounced: wait until the file holds `text`. */
async function memoryFileHolds(directory: string, text: string): Promise<string> {
  const file = join(directory, MEMORY);
  const deadline = Date.now() + 5_000;
  for (;;) {
    const now = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (now.includes(text)) return now;
    if (Date.now() > deadline) throw new Error(`${MEMORY} never held "${text}":\n${now}`);
    await Bun.sleep(25);
  }
}

test("a project note holding an Anthropic OAuth token: the agent is told in one line, no file keeps the token", async () => {
  ws = workspace();
  const one = await ws.instance("repo");
  const token = `sk-ant-oat01-${fake(93, URLSAFE)}AA`;
  const answer = await one.hud(SESSION, "notes.add", { content: `CI login uses ${token}`, scope: "project" });
  const lines = answer.split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toStartWith("note: the text held a secret; it is stored as [redacted:anthropic-key]");
  const memory = await memoryFileHolds(one.directory, "CI login uses \\[redacted:anthropic-key]");
  expect(memory).not.toContain(token.slice(13, 30));
  expect(await one.hudOf(SESSION)).toContain("[redacted:anthropic-key]");
  await one.stop();
  const files = [...filesUnder(ws.storageDir), ...filesUnder(join(one.directory, ".opencode"))];
  expect(files.map((f) => f.path).some((p) => p.endsWith("hud.db"))).toBe(true);
  expect(files.map((f) => f.path).some((p) => p.endsWith("memory.md"))).toBe(true);
  expect(piecesLeft(files, token)).toEqual([]);
});

test("a password stated in prose in a project note: memory.md and the databases keep the sentence, not the password", async () => {
  ws = workspace();
  const one = await ws.instance("repo");
  const password = `Tq${fake(10)}!`;
  await one.hud(SESSION, "notes.add", {
    content: `staging db: the password is '${password}' until Friday`,
    scope: "project",
  });
  const memory = await memoryFileHolds(one.directory, "the password is '\\[redacted:password]' until Friday");
  expect(memory).not.toContain(password.slice(0, 8));
  await one.stop();
  const files = [...filesUnder(ws.storageDir), ...filesUnder(join(one.directory, ".opencode"))];
  expect(files.map((f) => f.path).some((p) => p.endsWith("memory.md"))).toBe(true);
  expect(piecesLeft(files, password)).toEqual([]);
});

test("an item without a secret gets no notice", async () => {
  oc = await fakeOpencode();
  expect(
    await oc.hud(SESSION, "notes.add", { content: "plain note, with a sha 3f786850e387550fdab836ed7e6dc881de23001b" }),
  ).toBe("ok: added note n1");
});

test("a todo id holding a token and a token across the 300-character command cut are not stored", async () => {
  oc = await fakeOpencode();
  const [todoToken, commandToken] = [`glpat-${fake(20)}`, `ghp_${fake(36)}`];
  await oc.event("todo.updated", {
    sessionID: SESSION,
    todos: [{ id: todoToken, content: "rotate the deploy key", status: "pending", priority: "high" }],
  });
  const command = `${"echo step && ".repeat(23).slice(0, 290)} ${commandToken}`;
  await oc.hooks["tool.execute.after"](
    { tool: "bash", sessionID: SESSION, callID: "c1", args: { command } } as never,
    { title: "", output: "ok", metadata: { exit: 0 } } as never,
  );
  const snapshot = await oc.hud(SESSION, "snapshot");
  expect(snapshot).toContain("rotate the deploy key");
  await oc.transform([oc.user(SESSION, "go on")]);
  await hostTurn();
  const files = filesUnder(oc.storageDir);
  for (const token of [todoToken, commandToken]) {
    expect(piecesLeft(files, token)).toEqual([]);
    expect(snapshot).not.toContain(token.slice(4, 20));
  }
  expect(files.some((f) => f.text.includes("[redacted:gitlab-personal-access-token]"))).toBe(true);
});

test("tokens at every offset of a project note: the HUD's clipped lines, the board and the memory file hold no piece", async () => {
  ws = workspace();
  const one = await ws.instance("repo");
  // the HUD, the board and the memory file clip item text at their own widths: one note per offset puts a
  // token across whichever cut there is (each is redacted before it is stored, so no cut can split it)
  const tokens = Array.from({ length: 8 }, () => `ghp_${fake(36)}`);
  for (const [i, token] of tokens.entries())
    await one.hud(SESSION, "notes.add", {
      content: `${"word ".repeat(i * 9).slice(0, i * 45)}${token} end`,
      scope: "project",
    });
  const hud = await one.hudOf(SESSION);
  await memoryFileHolds(one.directory, "redacted:github-token] end");
  await one.stop();
  const files = [...filesUnder(ws.storageDir), ...filesUnder(join(one.directory, ".opencode"))];
  // the board's copies of the HUD are rows of hud.db
  expect(files.filter((f) => f.path.endsWith("hud.db") && f.text.includes("[redacted:github-token]"))).toHaveLength(1);
  expect(hud).toContain("[redacted:github-token]");
  for (const token of tokens) {
    expect(piecesLeft([...files, { path: "hud", text: hud }], token)).toEqual([]);
  }
});
