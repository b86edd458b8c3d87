// A cloned repository is untrusted input, in the real opencode binary: a memory file that links out of the
// worktree or to a device, parser bombs and an emptied file are refused with one line (project memory
// kept, nothing from outside in the request, the file left alone); a 10 MB note is refused in one line;
// terminal controls in agent text never reach the CLI's output.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm } from "../harness/fake-llm.ts";
import { hud, hudPlugin, startHudEnv, type HudEnv } from "../harness/hud-session.ts";
import { createProject, PLUGIN_DIR, type OpencodeServer, type Project } from "../harness/opencode.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

const MEMORY = ".opencode/hud/memory.md";
const CLI = join(PLUGIN_DIR, "dist", "cli", "index.js");

// One opencode process serves every test's project: each test's clone is a directory of its own, which
// opencode opens as a new instance (its own config, a fresh start of the plugin) on the first request
// naming it. The projects share the process's HOME and XDG dirs, hence one HUD database.
let host: HudEnv;
beforeAll(async () => {
  host = await startHudEnv();
});
const open: Array<{ llm: FakeLlm; project: Project; server?: OpencodeServer }> = [];
afterEach(async () => {
  for (const { llm, server } of open.splice(0)) {
    // stopping a served project's client disposes of its instance (the plugin flushes) and waits for it
    await server?.stop();
    llm.stop();
  }
});
const clones: Project[] = [];
afterAll(async () => {
  try {
    await host?.stop();
  } finally {
    for (const project of clones) project.cleanup();
  }
});

/** A fresh clone with its own fake LLM, served by the file's opencode process. */
async function clone(plant: (project: Project) => void = () => {}) {
  const llm = new FakeLlm().start();
  const project = createProject({ llmUrl: llm.url, plugins: [hudPlugin()], sharing: host.project });
  clones.push(project);
  const entry: (typeof open)[number] = { llm, project };
  open.push(entry);
  mkdirSync(join(project.dir, ".opencode/hud"), { recursive: true });
  plant(project);
  const server = (entry.server = await host.server.forProject(project));
  return { llm, project, server };
}

/** A project whose memory file is prepared by `plant` before opencode opens it, then one agent turn. */
async function turnWith(plant: (project: Project) => void, script: Parameters<FakeLlm["script"]> = [{ text: "ok" }]) {
  const { llm, project, server } = await clone(plant);
  const session = await server.createSession();
  llm.script(...script);
  await server.prompt(session.id, "go");
  return { llm, project, server, session, hud: tailHud(llm.agentRequests().at(-1)!) ?? "" };
}

const OUTSIDE = "# Project memory\n\n## Notes\n\n- SECRET-FROM-OUTSIDE-THE-WORKTREE\n";

test("a memory file linking out of the worktree: nothing of it in the request, and it is still a link afterwards", async () => {
  const {
    project,
    hud: shown,
    llm,
  } = await turnWith(
    (p) => {
      const outside = join(p.root, "credentials.md");
      writeFileSync(outside, OUTSIDE);
      symlinkSync(outside, join(p.dir, MEMORY));
    },
    [{ toolCalls: [hud("conventions.add", { content: "tests use bun test" })] }, { text: "ok" }],
  );
  expect(shown).toMatch(/memory\.md is a symbolic link/);
  for (const request of llm.requests) expect(JSON.stringify(request.body)).not.toContain("SECRET-FROM-OUTSIDE");
  expect(lstatSync(join(project.dir, MEMORY)).isSymbolicLink()).toBe(true);
  expect(readFileSync(join(project.root, "credentials.md"), "utf8")).toBe(OUTSIDE);
}, 60_000);

test("a memory file linking to /dev/zero: opencode starts and the HUD says why the file is not read", async () => {
  const { hud: shown } = await turnWith((p) => symlinkSync("/dev/zero", join(p.dir, MEMORY)));
  expect(shown).toMatch(/memory\.md is a symbolic link/);
}, 60_000);

for (const [name, text, reason] of [
  ["20 KB of block-quote markers", `# Project memory\n\n${">".repeat(20_000)}\n`, /nests quotes or lists 20000 deep/],
  ["1 MB of nested lists", `# Project memory\n\n${"- a\n  ".repeat(200_000)}`, /over the 64 KB limit/],
  ["5 MB of binary data", "", /over the 64 KB limit/],
] as const)
  test(`a parser bomb (${name}) is refused with one line in the HUD`, async () => {
    const { hud: shown } = await turnWith((p) =>
      writeFileSync(join(p.dir, MEMORY), text || Buffer.alloc(5 * 2 ** 20, 0xff)),
    );
    expect(shown).toMatch(reason);
  }, 60_000);

test("an emptied memory file keeps the project memory and records no removal", async () => {
  const { llm, project, server } = await clone();
  const session = await server.createSession();
  llm.script({ toolCalls: [hud("conventions.add", { content: "money is integer cents" })] }, { text: "ok" });
  await server.prompt(session.id, "remember");
  const file = join(project.dir, MEMORY);
  const deadline = Date.now() + 10_000;
  while (!(existsSync(file) && readFileSync(file, "utf8").includes("integer cents"))) {
    if (Date.now() > deadline) throw new Error("the memory file was never written");
    await Bun.sleep(50);
  }
  writeFileSync(file, "");
  llm.script({ toolCalls: [hud("history")] }, { text: "ok" });
  await server.prompt(session.id, "again");
  const [first, last] = [llm.agentRequests().at(-2)!, llm.agentRequests().at(-1)!];
  expect(tailHud(first)).toContain("money is integer cents");
  expect(tailHud(first)).toMatch(/no title and no section/);
  expect(toolResults(last).at(-1)).not.toMatch(/remove=/);
  expect(readFileSync(file, "utf8")).toBe("");
}, 60_000);

test("a 10 MB note is refused in one line, and the CLI prints no terminal control from agent text", async () => {
  const hostile = "Task \u001b]52;c;aGVsbG8=\u0007with \u001b[31mcolour\u001b[0m and \u202eoverride";
  const { llm, project, session } = await turnWith(() => {}, [
    { toolCalls: [hud("notes.add", { content: "x".repeat(10 * 2 ** 20) })] },
    { toolCalls: [hud("task.set", { description: hostile })] },
    { text: "ok" },
  ]);
  const results = llm.agentRequests().flatMap(toolResults);
  const refusal = results.find((r) => r.includes("string length"))!;
  expect(refusal).toMatch(/notes\.add: args\.content: expected string length less or equal to 400/);
  expect(refusal.split("\n")).toHaveLength(1);
  for (const args of [[CLI], [CLI, "--markdown"]]) {
    const out = Bun.spawnSync(["bun", ...args, "--session", session.id], {
      cwd: project.dir,
      env: { ...project.env, PWD: project.dir },
    });
    expect(out.exitCode).toBe(0);
    const text = out.stdout.toString();
    expect(text).toContain("colour");
    // no escape, no other C0/C1 control but line feed, no bidi override: nothing that acts on a terminal
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  }
}, 60_000);

test("a 10 MB write is indexed clipped (head, tail and the size left out) and hud search finds its first words", async () => {
  const content = `OPENINGWORD ${"lorem ipsum dolor ".repeat(600_000)} CLOSINGWORD`;
  const { llm, project, session } = await turnWith(
    (p) => void p,
    [
      { toolCalls: [{ name: "write", args: { filePath: "big.txt", content } }] },
      { toolCalls: [hud("search", { query: "OPENINGWORD" })] },
      { text: "ok" },
    ],
  );
  const answer = toolResults(llm.agentRequests().at(-1)!).at(-1)!;
  expect(answer).toMatch(/^1 hit for /);
  expect(answer).toContain("OPENINGWORD");
  const { Database } = await import("bun:sqlite");
  const db = new Database(join(project.dataDir, "opencode", "hud", "recall.db"), { readonly: true });
  // the docs of this test's project (the database is shared with the file's other projects)
  const biggest = db
    .query("SELECT max(length(body)) AS n, body FROM docs WHERE project = (SELECT project FROM sessions WHERE id = ?)")
    .get(session.id) as { n: number; body: string };
  db.close();
  expect(biggest.n).toBeLessThan(40 * 1024);
  expect(biggest.body).toMatch(/MB clipped from the index/);
}, 120_000);
