import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FakeLlm, type RecordedRequest } from "../harness/fake-llm.ts";
import { hud, hudPlugin } from "../harness/hud-session.ts";
import {
  createProject,
  markDependenciesInstalled,
  startOpencode,
  type OpencodeServer,
  type Project,
} from "../harness/opencode.ts";
import { openHandles, processTree } from "../harness/process-files.ts";
import { tailHud, toolResults } from "../harness/requests.ts";

// Two clones of one repository on "two machines": separate HOME and XDG folders, hence separate HUD
// databases. The only thing they share is the repository, through a bare remote.
const MEMORY = ".opencode/hud/memory.md";
const CONVENTION = "money amounts are integer cents, never floats";
const KEY_FILE = "src/billing/invoice.ts";
const NOTE_A = "the sandbox gateway rejects amounts under 50 cents";
const CONVENTION_A = "amounts are formatted with the customer's locale";
const CONVENTION_B = "every migration ships with its down step";

let llm: FakeLlm;
let a: Project;
let b: Project;
let remote: string;
const servers: OpencodeServer[] = [];

function git(project: Project, ...args: string[]): string {
  const result = Bun.spawnSync(["git", ...args], { cwd: project.dir, env: project.env });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.toString()}`);
  return result.stdout.toString();
}

beforeAll(() => {
  llm = new FakeLlm().start();
  a = createProject({ llmUrl: llm.url, plugins: [hudPlugin()] });
  remote = join(a.root, "remote.git");
  Bun.spawnSync(["git", "init", "-q", "--bare", remote]);
  git(a, "remote", "add", "origin", remote);
  git(a, "push", "-q", "-u", "origin", "HEAD");
  const machineB = createProject({ llmUrl: llm.url, plugins: [hudPlugin()] });
  rmSync(machineB.dir, { recursive: true, force: true });
  Bun.spawnSync(["git", "clone", "-q", remote, machineB.dir], { env: machineB.env });
  // git keeps no empty folders; without this one opencode would install its plugin package first
  markDependenciesInstalled(join(machineB.dir, ".opencode"));
  b = machineB;
  expect(b.env.XDG_DATA_HOME).not.toBe(a.env.XDG_DATA_HOME);
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  llm?.stop();
  a?.cleanup();
  b?.cleanup();
});

async function start(project: Project): Promise<OpencodeServer> {
  const server = await startOpencode(project);
  servers.push(server);
  return server;
}

async function turn(server: OpencodeServer, sessionID: string, text: string): Promise<RecordedRequest[]> {
  const before = llm.agentRequests().length;
  await server.prompt(sessionID, text);
  return llm.agentRequests().slice(before);
}

function hudOf(request: RecordedRequest | undefined): string {
  const text = request ? tailHud(request) : undefined;
  if (text === undefined) throw new Error("expected the request to end with the HUD");
  return text;
}

const memoryOf = (project: Project) => readFileSync(join(project.dir, MEMORY), "utf8");

/** The plugin writes the file shortly after the change (debounced); wait for what it should hold. */
async function fileHolds(project: Project, ...texts: string[]): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = existsSync(join(project.dir, MEMORY)) ? memoryOf(project) : "";
    if (texts.every((t) => text.includes(t))) return text;
    if (Date.now() > deadline) throw new Error(`${MEMORY} never held ${JSON.stringify(texts)}; it is:\n${text}`);
    await Bun.sleep(100);
  }
}

/** Waits until no process of `server` holds hud.db open: its plugin instance has run its dispose to the end. */
async function storeClosed(server: OpencodeServer): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (openHandles(processTree(server.pid), "/hud.db") > 0) {
    if (Date.now() > deadline) throw new Error("the plugin never closed hud.db after its instance was disposed");
    // each look reads every process's /proc entries (about 4 ms of CPU): not 50 times a second
    await Bun.sleep(100);
  }
}

function commitMemory(project: Project, message: string): void {
  git(project, "add", ".opencode/hud");
  git(project, "commit", "-q", "-m", message);
}

const pull = (project: Project) => git(project, "-c", "pull.rebase=false", "pull", "-q", "--no-edit", "origin", "HEAD");

let serverA: OpencodeServer;
let serverB: OpencodeServer;
let sessionA: string;

test("A's agent adds a convention and a key file; after A commits and B pulls, B's first request shows both", async () => {
  [serverA, serverB] = await Promise.all([start(a), start(b)]);
  sessionA = (await serverA.createSession()).id;
  llm.script(
    {
      toolCalls: [
        hud("conventions.add", { content: CONVENTION }),
        hud("keyfiles.add", { path: KEY_FILE, note: "builds and totals invoices" }),
      ],
    },
    { text: "noted" },
  );
  const recorded = await turn(serverA, sessionA, "remember the billing rules");
  expect(toolResults(recorded.at(-1)!).slice(-2)).toEqual(["ok: added convention c1", "ok: added key file k1"]);

  const file = await fileHolds(a, CONVENTION, KEY_FILE);
  expect(file.startsWith("# Project memory\n")).toBe(true);
  expect(file).toMatch(new RegExp(`^- \`@[0-9a-z]{7}\` ${CONVENTION}$`, "m"));
  expect(readFileSync(join(a.dir, ".opencode/hud/.gitattributes"), "utf8")).toContain("memory.md merge=union");
  commitMemory(a, "billing conventions");
  git(a, "push", "-q", "origin", "HEAD");

  pull(b);
  const session = await serverB.createSession();
  llm.script({ text: "hello" });
  const [first] = await turn(serverB, session.id, "first request on machine B");
  const seen = hudOf(first);
  expect(seen).toContain(`c1 convention: ${CONVENTION}`);
  expect(seen).toContain(KEY_FILE);
  // B's database now holds what the file said; it has nothing to write back, so B's checkout stays clean.
  // Disposing of B's instance flushes any write still due, and the plugin closes its store after that flush.
  await serverB.disposeInstance();
  await storeClosed(serverB);
  expect(git(b, "status", "--porcelain", ".opencode/hud")).toBe("");
});

test("B's person deletes the convention's line and commits; after A pulls, A's next request no longer shows it", async () => {
  const lines = memoryOf(b).split("\n");
  writeFileSync(join(b.dir, MEMORY), lines.filter((line) => !line.includes(CONVENTION)).join("\n"));
  commitMemory(b, "drop the cents convention");
  git(b, "push", "-q", "origin", "HEAD");

  pull(a);
  llm.script({ toolCalls: [hud("history", { limit: 5 })] }, { text: "ok" });
  const recorded = await turn(serverA, sessionA, "carry on");
  const seen = hudOf(recorded[0]);
  expect(seen).not.toContain(CONVENTION);
  expect(seen).toContain(KEY_FILE);
  // history says where the change came from
  const history = toolResults(recorded.at(-1)!).at(-1)!;
  expect(history).toMatch(/project memory\.sync by=memory-file remove=\["@[0-9a-z]{7}"\]/);
});

test("both add items concurrently; the merge is clean and both sides show all items", async () => {
  // the same section on both sides: the lines land at the same place, which git's union merge resolves
  llm.script(
    {
      toolCalls: [
        hud("notes.add", { content: NOTE_A, scope: "project" }),
        hud("conventions.add", { content: CONVENTION_A }),
      ],
    },
    { text: "ok" },
  );
  await turn(serverA, sessionA, "note the sandbox limit");
  const sessionB = (await serverB.createSession()).id;
  llm.script({ toolCalls: [hud("conventions.add", { content: CONVENTION_B })] }, { text: "ok" });
  await turn(serverB, sessionB, "add the migration rule");
  await fileHolds(a, NOTE_A, CONVENTION_A);
  await fileHolds(b, CONVENTION_B);

  commitMemory(a, "sandbox note");
  git(a, "push", "-q", "origin", "HEAD");
  commitMemory(b, "migration convention");
  pull(b); // a real merge: both sides changed the file since the common commit
  git(b, "push", "-q", "origin", "HEAD");
  pull(a);

  for (const project of [a, b]) {
    const text = memoryOf(project);
    expect(text).not.toContain("<<<<<<<");
    for (const item of [NOTE_A, CONVENTION_A, CONVENTION_B]) expect(text).toContain(item);
  }
  expect(git(b, "log", "--merges", "--oneline")).not.toBe("");

  for (const [server, session] of [
    [serverA, sessionA],
    [serverB, sessionB],
  ] as const) {
    llm.script({ text: "ok" });
    const [request] = await turn(server, session, "what do we know?");
    const seen = hudOf(request);
    for (const item of [NOTE_A, CONVENTION_A, CONVENTION_B]) expect(seen).toContain(item);
    expect(seen).toContain(KEY_FILE);
    expect(seen).not.toContain(CONVENTION);
  }
});
