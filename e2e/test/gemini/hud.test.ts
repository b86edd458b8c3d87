// agent-hud in the real Gemini CLI, installed as a person installs it, `gemini extensions install <git url>
// --ref=gemini-extension`, from the branch the release script writes, served over HTTP (the archive it writes
// beside it is checked without a Gemini CLI process): the HUD is the trailing user content of every agent call and of no history, the `hud` tool's edit shows in the next call's HUD, secrets a
// shell call prints stay out of every file the plugin keeps, a resumed session gets its HUD back, and a real
// compression is followed by a call that still carries it, `agent-hud off` keeps it out of the next call
// until `agent-hud on`, and a sub-agent gets the parent's HUD once and counts as none of its calls. Three Gemini
// CLI processes (its start is slow).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PLUGIN_DIR } from "../../harness/opencode.ts";
import { hudOfAnotherHostsSession } from "../../harness/claude-hud.ts";
import {
  FakeGemini,
  SNAPSHOT_TEXT,
  allTextOfContent,
  prefixUnits,
  textOfContent,
  type RecordedRequest,
} from "../../harness/fake-gemini.ts";
import {
  createGeminiProject,
  GEMINI_HUD_TOOL,
  geminiPrompt,
  installExtension,
  geminiEnv,
  RELEASE_BRANCH,
  serveRelease,
  type GeminiProject,
  type ServedRelease,
} from "../../harness/gemini.ts";

const SESSION = crypto.randomUUID();
const TASK = `wire the gemini host ${crypto.randomUUID().slice(0, 8)}`;
const SUB_TASK = `list what the readme says ${crypto.randomUUID().slice(0, 8)}`;
const SUB_FILE = "sub-agent-notes.md";
const NOTE = `the staging database is read-only ${crypto.randomUUID().slice(0, 8)}`;
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
const AWS_KEY = `AKIA${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 6)}${pick("234567", 2)}${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8)}`;
const GITHUB_TOKEN = `ghp_${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 30)}${pick("0123456789", 6)}`;

let api: FakeGemini;
let project: GeminiProject;
let release: ServedRelease;
beforeAll(async () => {
  api = new FakeGemini().start();
  project = createGeminiProject();
  release = serveRelease(project.root);
  await installExtension(project, api.url, release.url, [`--ref=${RELEASE_BRANCH}`]);
});
afterAll(() => {
  api?.stop();
  release?.server.stop();
  project?.cleanup();
});

const gitIn = (repo: string, ...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: repo }).stdout.toString();

test("the extension was installed from the release branch over git's HTTP, not from the package's folder", () => {
  const installed = join(project.home, ".gemini", "extensions", "agent-hud");
  const metadata = JSON.parse(readFileSync(join(installed, ".gemini-extension-install.json"), "utf8"));
  expect(metadata).toMatchObject({ source: release.url, type: "git", ref: RELEASE_BRANCH });
  // Gemini CLI cloned it: the server answered a fetch, not only a listing
  expect(release.server.served).toContain("POST /agent-hud.git/git-upload-pack");
  expect(readFileSync(join(installed, "gemini-extension.json"), "utf8")).toBe(
    gitIn(release.repo, "show", `${RELEASE_BRANCH}:gemini-extension.json`),
  );
});

test("the release archive is the branch's tree, the manifest at its root and every file its server and hooks run in it", async () => {
  const out = join(project.root, "archive");
  mkdirSync(out);
  await new Bun.Archive(await Bun.file(release.archive).bytes()).extract(out);
  const files = readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(out, path)).isFile())
    .sort();
  expect(files).toEqual(gitIn(release.repo, "ls-tree", "-r", "--name-only", RELEASE_BRANCH).trim().split("\n").sort());
  const manifest = readFileSync(join(out, "gemini-extension.json"), "utf8");
  const named = [manifest, readFileSync(join(out, "hooks", "hooks.json"), "utf8")].flatMap((text) =>
    [...text.matchAll(/\$\{extensionPath\}\/([^"\\\s]+)/g)].map((m) => m[1]!),
  );
  expect([...new Set(named)].sort()).toEqual(["scripts/hook.sh", "scripts/mcp.js"]);
  for (const path of named) expect({ path, exists: existsSync(join(out, path)) }).toEqual({ path, exists: true });
  // what the scripts load beside themselves on first need
  for (const path of ["scripts/hook.js", "scripts/quickjs.wasm", "scripts/sandbox-process.js"])
    expect({ path, exists: existsSync(join(out, path)) }).toEqual({ path, exists: true });
  expect(JSON.parse(manifest).name).toBe("agent-hud");
});

const hud = (tool: string, args: Record<string, unknown>) => ({ name: GEMINI_HUD_TOOL, args: { tool, args } });
const contents = (r: RecordedRequest) => r.body.contents ?? [];
const lastText = (r: RecordedRequest) => textOfContent(contents(r).at(-1));
/** The request's units without its last content (the HUD's): what the next call must start with. */
const historyUnits = (r: RecordedRequest) => {
  const last = contents(r).length - 1;
  return prefixUnits(r.body).filter((unit) => !unit.startsWith(`${last}:`));
};

function expectHudOnEveryCall(calls: RecordedRequest[]) {
  for (const call of calls) {
    expect(contents(call).at(-1)?.role).toBe("user");
    expect(lastText(call)).toContain("<agent-hud>");
    expect(lastText(call)).toContain(GEMINI_HUD_TOOL);
    // never in the history: no earlier content holds a HUD
    expect(
      contents(call)
        .slice(0, -1)
        .filter((c) => allTextOfContent(c).includes("<agent-hud>")).length,
    ).toBe(0);
  }
}

let first: RecordedRequest[] = [];
/** The last prompt's agent calls, the sub-agent's among them. */
let third: RecordedRequest[] = [];
/** A sub-agent's call starts with its task; the parent's with Gemini CLI's session context. */
const isSubagent = (r: RecordedRequest) => textOfContent(contents(r)[0]).startsWith(SUB_TASK);

test("the HUD is the last content of every agent call, never of a helper call or the history; the prefix holds", async () => {
  api.script(
    { calls: [hud("task.set", { description: TASK })] },
    { calls: [hud("notes.add", { content: NOTE, scope: "project" })] },
    { calls: [{ name: "run_shell_command", args: { command: `echo "key ${AWS_KEY}"; echo "gh ${GITHUB_TOKEN}"` } }] },
    { calls: [{ name: "read_file", args: { file_path: "README.md" } }] },
    { text: "done" },
  );
  const run = await geminiPrompt("set up the task and read the readme", {
    apiUrl: api.url,
    project,
    sessionId: SESSION,
  });
  expect(run.lines.find((l) => l.type === "result")?.status).toBe("success");
  first = api.agentRequests();
  expect(first.length).toBe(5);
  expectHudOnEveryCall(first);
  // the router's call got no HUD
  expect(api.helperRequests().length).toBeGreaterThan(0);
  for (const helper of api.helperRequests())
    expect(contents(helper).some((c) => allTextOfContent(c).includes("<agent-hud>"))).toBe(false);
  // each call starts with the call before it, its HUD left out: agent-hud broke no cached prefix
  for (let i = 1; i < first.length; i++) {
    const before = historyUnits(first[i - 1]!);
    expect(prefixUnits(first[i]!.body).slice(0, before.length)).toEqual(before);
  }
});

test("the hud tool's edit is in the next call's HUD, and the tool's answer reached the agent", () => {
  expect(lastText(first[0]!)).not.toContain(TASK);
  const answer = contents(first[1]!)
    .flatMap((c) => c.parts ?? [])
    .find((p) => p.functionResponse);
  expect(JSON.stringify(answer?.functionResponse)).toContain("ok");
  expect(lastText(first[1]!)).toContain(TASK);
  // the shell call's output reached the agent whole (Gemini CLI's history is its own)
  expect(JSON.stringify(contents(first[3]!).at(-2))).toContain(AWS_KEY);
});

test("a project note is written to the repository's memory file and reaches a Claude Code session of the same repository (through that file alone)", async () => {
  expect(lastText(first[2]!)).toContain(NOTE);
  const memory = join(project.dir, ".opencode", "hud", "memory.md");
  expect(existsSync(memory)).toBe(true);
  expect(readFileSync(memory, "utf8")).toContain(NOTE);
  expect(await hudOfAnotherHostsSession(project)).toContain(NOTE);
}, 120_000);

test("a resumed session carries its HUD; a real compression is recorded by the HUD and followed by a call that still carries it", async () => {
  const before = api.requests.length;
  api.script(
    { calls: [{ name: "read_file", args: { file_path: "README.md" } }], promptTokens: 700_000 },
    { text: "after the compression" },
  );
  await geminiPrompt("go on", { apiUrl: api.url, project, resume: SESSION });
  const later = api.requests.slice(before);
  const agent = later.filter((r) => r.kind === "agent");
  expect(agent.length).toBe(2);
  expectHudOnEveryCall(agent);
  // resumed: the first call holds the first process's conversation and the task set there
  expect(contents(agent[0]!).some((c) => allTextOfContent(c).includes("set up the task"))).toBe(true);
  expect(lastText(agent[0]!)).toContain(TASK);
  expect(lastText(agent[0]!)).toContain(NOTE);
  // the compression ran between the two calls, on helper calls, and rewrote the history
  const between = later.filter((r) => r.index > agent[0]!.index && r.index < agent[1]!.index);
  expect(between.some((r) => r.kind === "helper")).toBe(true);
  for (const helper of between)
    expect(contents(helper).some((c) => allTextOfContent(c).includes("<agent-hud>"))).toBe(false);
  expect(contents(agent[1]!).some((c) => allTextOfContent(c).includes(SNAPSHOT_TEXT))).toBe(true);
  expect(contents(agent[1]!).length).toBeLessThan(contents(agent[0]!).length + 2);
  expect(lastText(agent[1]!)).toContain(TASK);
  // the HUD recorded the compression (from the new snapshot: the request need not be shorter than the one before)
  expect(await compactionsSince(agent[0]!.at, 1)).toBe(1);
});

/** The session's compactions recorded since `at`, once there are `expected` or five seconds passed. */
async function compactionsSince(at: number, expected: number): Promise<number> {
  const db = new Database(join(project.home, ".local", "share", "opencode", "hud", "hud.db"), { readonly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  const sql = "SELECT count(*) AS n FROM events WHERE stream = 'session:' || ? AND kind = 'compact.after' AND at >= ?";
  const count = () => (db.query(sql).get(SESSION, at) as { n: number }).n;
  try {
    // events are written when the session's server stops, which may be a moment after Gemini CLI exits
    for (let waited = 0; count() < expected && waited < 5000; waited += 100) await Bun.sleep(100);
    return count();
  } finally {
    db.close();
  }
}

/** Every file under the plugin's data folder in the temp HOME. */
function dataFiles(): Array<{ path: string; bytes: Buffer }> {
  const root = join(project.home, ".local", "share", "opencode", "hud");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

test("secrets the shell call printed are in no file the plugin keeps; the redacted line is", () => {
  const files = dataFiles();
  expect(files.map((f) => f.path.split("/").at(-1))).toContain("hud.db");
  expect(files.some((f) => f.bytes.includes("[redacted:"))).toBe(true);
  for (const { path, bytes } of files)
    for (const [name, value] of Object.entries({ AWS_KEY, GITHUB_TOKEN }))
      for (let i = 0; i + 8 <= value.length; i++)
        expect({ path, name, found: bytes.includes(value.slice(i, i + 8)) }).toEqual({ path, name, found: false });
});

test("the cache ledger has each call's tokens as the API reported them, cached ones included (from the session file)", () => {
  const ledger = dataFiles().find((f) => f.path.endsWith(".db") && f.bytes.includes("hud_cache_calls"));
  expect(ledger).toBeDefined();
  const db = new Database(ledger!.path, { readonly: true });
  // as the plugin's own readers do: a process of the session that just ended may hold the lock a moment longer
  db.exec("PRAGMA busy_timeout = 5000");
  const rows = db
    .query("SELECT input, cache_read FROM hud_cache_calls WHERE session_id = ? ORDER BY call")
    .all(SESSION) as Array<{ input: number; cache_read: number }>;
  db.close();
  const sent = first.map((r) => [r.usage!.promptTokenCount, r.usage!.cachedContentTokenCount]);
  expect(sent.slice(1).every(([, cached]) => cached! > 0)).toBe(true);
  expect(rows.slice(0, first.length).map((r) => [r.input + r.cache_read, r.cache_read])).toEqual(sent);
});

test("switched off with `agent-hud off --project`: the next agent call carries no HUD; `agent-hud on` from the agent's shell call brings it back on the call after", async () => {
  const cli = [process.execPath, join(PLUGIN_DIR, "dist", "cli", "index.js")];
  const off = Bun.spawnSync([...cli, "off", "--project", project.dir], {
    cwd: project.dir,
    env: geminiEnv(api.url, project.home),
  });
  expect({ code: off.exitCode, out: off.stdout.toString() + off.stderr.toString() }).toMatchObject({ code: 0 });
  expect(off.stdout.toString()).toContain("HUD off for every session of the project");
  const before = api.requests.length;
  // one process: the switch back on runs between two calls of the same prompt, as a person's terminal would
  const on = [...cli, "on", "--project", project.dir].map((a) => `'${a}'`).join(" ");
  api.script(
    { calls: [{ name: "run_shell_command", args: { command: on } }] },
    // back on, the agent hands a built-in sub-agent a task (the next test): two calls of the sub-agent's own
    { calls: [{ name: "invoke_agent", args: { agent_name: "generalist", prompt: SUB_TASK } }] },
    { calls: [{ name: "write_file", args: { file_path: SUB_FILE, content: "what the sub-agent found\n" } }] },
    { calls: [{ name: "complete_task", args: { result: { response: "the readme is one heading" } } }] },
    { text: "back on" },
  );
  await geminiPrompt("and now?", { apiUrl: api.url, project, resume: SESSION });
  third = api.requests.slice(before).filter((r) => r.kind === "agent");
  const agent = third.filter((r) => !isSubagent(r));
  expect(agent.length).toBe(3);
  // off: neither the HUD nor its instructions, anywhere in the conversation or the system instruction
  const sent = JSON.stringify([contents(agent[0]!), agent[0]!.body.systemInstruction]);
  expect(sent).not.toMatch(/<agent-hud>|Agent HUD|Your HUD/);
  expect(sent).toContain("and now?");
  expect(JSON.stringify(contents(agent[1]!).at(-2))).toContain("HUD on for every session of the project");
  expectHudOnEveryCall([agent[1]!]);
  expect(lastText(agent[1]!)).toContain(TASK);
}, 120_000);

test("a sub-agent gets the parent's HUD once, in its first content, the same bytes on each of its calls; none of its calls is the parent's (turns, ledger rows, compaction); the file it wrote shows in the parent's HUD", async () => {
  const sub = third.filter(isSubagent);
  expect(sub.length).toBe(2);
  const copy = textOfContent(contents(sub[0]!)[0]);
  expect(copy).toContain("You are a sub-agent");
  expect(copy).toContain(TASK);
  for (const call of sub) {
    // the copy is all: no trailing HUD, no lead
    expect(contents(call).filter((c) => allTextOfContent(c).includes("<agent-hud>")).length).toBe(1);
    expect(contents(call)[0]).toEqual(contents(sub[0]!)[0]);
    expect(JSON.stringify(contents(call))).not.toContain("You have a HUD");
  }
  // the sub-agent's first call is a prefix of its second: its cached prefix holds
  expect(prefixUnits(sub[1]!.body).slice(0, prefixUnits(sub[0]!.body).length)).toEqual(prefixUnits(sub[0]!.body));
  // the parent's call after it carries the trailing HUD, as every call of the parent's, with the file the
  // sub-agent wrote (read from the sub-agent's own session file)
  const after = third.filter((r) => !isSubagent(r)).at(-1)!;
  expect(after.index).toBeGreaterThan(sub[1]!.index);
  expectHudOnEveryCall([after]);
  expect(existsSync(join(project.dir, SUB_FILE))).toBe(true);
  expect(lastText(after)).toContain(SUB_FILE);
  // the parent's record: one turn and one ledger row per call of its own
  const parentCalls = api.agentRequests().filter((r) => !isSubagent(r)).length;
  const db = new Database(join(project.home, ".local", "share", "opencode", "hud", "hud.db"), { readonly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  const count = (sql: string) => (db.query(sql).get(SESSION) as { n: number }).n;
  const turns = "SELECT count(*) AS n FROM events WHERE stream = 'session:' || ? AND kind = 'turn'";
  // the turns are written when the session's server stops, which may be a moment after Gemini CLI exits
  for (let waited = 0; count(turns) < parentCalls && waited < 5000; waited += 100) await Bun.sleep(100);
  const rows = db.query("SELECT loss FROM hud_cache_calls WHERE session_id = ? ORDER BY call").all(SESSION) as Array<{
    loss: string | null;
  }>;
  // a sub-agent's request is shorter than the parent's: never taken for a compression of the parent's
  const turnCount = count(turns);
  db.close();
  const compactions = await compactionsSince(sub[0]!.at, 0);
  expect({ turns: turnCount, rows: rows.length, compactions }).toEqual({
    turns: parentCalls,
    rows: parentCalls,
    compactions: 0,
  });
  // the parent's call after the sub-agent lost only the HUD it ends with: its evidence was its own call's
  expect(JSON.parse(rows.at(-1)!.loss ?? "{}").cause).toBe("tail");
});
