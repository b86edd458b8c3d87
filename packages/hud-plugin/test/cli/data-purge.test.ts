// `agent-hud data` and `agent-hud purge` over real plugin instances' files: what is listed is what is
// stored, --dry-run changes nothing, and a purge removes exactly the chosen session while another plugin
// instance keeps writing its own.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureCli } from "../helpers/run-cli.ts";
import { workspace, type Workspace } from "../project/support.ts";
import { RENDERS_FILE } from "../../src/agent-components/stored-renders.ts";
import { rendersSettled } from "../../src/agent-components/registry.ts";

let ws: Workspace;
beforeEach(() => {
  ws = workspace();
});
afterEach(() => ws.close());

const cli = (...argv: string[]) =>
  captureCli({
    argv: [argv[0]!, "--storage-dir", ws.storageDir, ...argv.slice(1)],
    cwd: ws.worktreeDir("repo"),
    tty: false,
    env: { NO_COLOR: "1" },
  });

function count(sql: string, value: string, file = "hud.db"): number {
  const db = new Database(join(ws.storageDir, file), { readonly: true });
  try {
    return (db.query(sql).get(value) as { n: number }).n;
  } finally {
    db.close();
  }
}
const events = (id: string) => count("SELECT count(*) AS n FROM events WHERE stream = ?", `session:${id}`);
const indexed = (id: string) => count("SELECT count(*) AS n FROM docs WHERE session = ?", id, "recall.db");

async function fill(oc: Awaited<ReturnType<Workspace["instance"]>>, id: string, n: number) {
  // an LLM call first, as in opencode: it records the session with its project
  await oc.hudOf(id);
  for (let i = 0; i < n; i++) await oc.hud(id, "notes.add", { content: `${id} note ${i}` });
  await oc.event("message.updated", {
    info: { id: `msg_${id}`, sessionID: id, role: "user", time: { created: Date.now() } },
  });
  await oc.event("message.part.updated", {
    part: { id: `prt_${id}`, sessionID: id, messageID: `msg_${id}`, type: "text", text: `words of ${id}` },
  });
  // the turn ends: recall.db opens at this first idle moment, and its catch-up and retention follow a
  // second later, so the texts carry today's time (a 1970 one would be pruned then, mid-test)
  await oc.event("session.idle", { sessionID: id });
}

test("data lists each project's sessions, events and indexed texts; purge --dry-run lists and keeps them", async () => {
  const oc = await ws.instance("repo");
  await fill(oc, "ses_a", 3);
  await fill(oc, "ses_b", 2);
  const data = await cli("data");
  expect(data.code).toBe(0);
  expect(data.out).toMatch(/project [0-9a-f]{16} \(this folder\): 2 sessions, 7 events, 2 indexed texts, \d+ bytes/);
  expect(data.out).toMatch(/file hud\.db \d+ bytes/);
  // the ids `purge --session` and `off --session` take
  expect(data.out).toMatch(/^session ses_a \(this folder, 4 events, last active \d{4}-\d\d-\d\d\)$/m);
  expect(data.out).toMatch(/^session ses_b \(this folder, \d+ events, /m);
  const dry = await cli("purge", "--session", "ses_a", "--dry-run");
  expect(dry.out).toMatch(
    /^would remove session ses_a \(project [0-9a-f]{16}, 4 events, last active \d{4}-\d\d-\d\d\)\n$/,
  );
  // three notes and the call's turn
  expect([events("ses_a"), indexed("ses_a")]).toEqual([4, 1]);
});

test("purge --session removes exactly that session while another instance keeps writing its own", async () => {
  const [one, two] = [await ws.instance("repo"), await ws.instance("repo")];
  await fill(one, "ses_a", 3);
  await fill(two, "ses_b", 1);
  const base = events("ses_b");
  let stop = false;
  let written = 0;
  const writer = (async () => {
    while (!stop) {
      await two.hud("ses_b", "notes.add", { content: `concurrent ${written}` });
      written++;
      await Bun.sleep(0);
    }
  })();
  while (written < 5) await Bun.sleep(1);
  // the purge runs as the command, in a process of its own, so the writer here goes on while it runs
  const command = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "../../src/cli/index.ts"),
      "purge",
      "--storage-dir",
      ws.storageDir,
      "--session",
      "ses_a",
    ],
    {
      cwd: ws.worktreeDir("repo"),
      env: { ...process.env, PWD: ws.worktreeDir("repo"), NO_COLOR: "1" },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const startedAt = written;
  const purge = {
    out: await new Response(command.stdout).text(),
    err: await new Response(command.stderr).text(),
    code: await command.exited,
  };
  const whileRunning = written - startedAt;
  const after = written;
  while (written < after + 5) await Bun.sleep(1);
  stop = true;
  await writer;
  expect(purge).toMatchObject({ code: 0, err: "" });
  expect(purge.out).toContain("removed session ses_a");
  // the writes really went on while the command ran (a process start alone takes tens of writes' time)
  expect(whileRunning).toBeGreaterThan(0);
  expect([events("ses_a"), indexed("ses_a")]).toEqual([0, 0]);
  // the other session lost nothing, writes made during the purge included
  expect(events("ses_b")).toBe(base + written);
  expect(indexed("ses_b")).toBe(1);
  expect(await two.hud("ses_b", "notes.list", {})).toContain(`concurrent ${written - 1}`);
});

test("purge needs exactly one selection, and --older-than takes days", async () => {
  expect((await cli("purge")).code).toBe(2);
  const bad = await cli("purge", "--older-than", "soon");
  expect(bad).toMatchObject({ code: 2 });
  expect(bad.err).toContain("--older-than takes days like 30d");
  expect((await cli("purge", "--all", "--dry-run")).out).toBe("nothing matched\n");
});

/** Case-blind copies of `text` in the raw bytes of every file under the data folder (databases, -wal, -shm). */
function copiesOnDisk(text: string): Record<string, number> {
  const needle = Buffer.from(text.toLowerCase());
  const found: Record<string, number> = {};
  for (const name of readdirSync(ws.storageDir, { recursive: true }) as string[]) {
    const path = join(ws.storageDir, name);
    if (!statSync(path).isFile()) continue;
    const bytes = Buffer.from(readFileSync(path).toString("latin1").toLowerCase(), "latin1");
    let n = 0;
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) n++;
    if (n) found[name] = n;
  }
  return found;
}

test("purge leaves none of the purged text in any file of the data folder, while the other session stays whole", async () => {
  const oc = await ws.instance("repo");
  for (const id of ["ses_gone", "ses_kept"]) {
    const word = id === "ses_gone" ? "quokkagone" : "wombatkept";
    await oc.hudOf(id);
    for (let i = 0; i < 10; i++) await oc.hud(id, "notes.add", { content: `${word} note ${i}` });
    for (let i = 0; i < 10; i++) {
      await oc.event("message.updated", {
        info: { id: `msg_${id}_${i}`, sessionID: id, role: "user", time: { created: i + 1 } },
      });
      await oc.event("message.part.updated", {
        part: {
          id: `prt_${id}_${i}`,
          sessionID: id,
          messageID: `msg_${id}_${i}`,
          type: "text",
          text: `${word} said ${"x".repeat(i * 50)} ${i}`,
        },
      });
    }
    await oc.hudOf(id);
  }
  // the text is on disk before (so the check below can see it), in both databases
  const total = (found: Record<string, number>) => Object.values(found).reduce((a, b) => a + b, 0);
  expect(total(copiesOnDisk("quokkagone"))).toBeGreaterThan(20);
  // a broken copy set aside earlier holds the session too: no row can be taken out of it, so it goes whole
  writeFileSync(join(ws.storageDir, "recall.db.broken-2026-01-01T00-00-00-000Z"), "quokkagone said it");
  const purged = await cli("purge", "--session", "ses_gone");
  expect(purged).toMatchObject({ code: 0, err: "" });
  expect(purged.out).toContain("removed 1 copies of broken databases set aside earlier");
  if (process.env.PURGE_BYTES) console.log("left after purge", copiesOnDisk("quokkagone"));
  expect(copiesOnDisk("quokkagone")).toEqual({});
  expect(copiesOnDisk("ses_gone")).toEqual({});
  // the kept session is still there, readable
  expect(events("ses_kept")).toBeGreaterThan(10);
  expect(await oc.hud("ses_kept", "notes.list", {})).toContain("wombatkept note 9");
}, 60_000);

test("a purged session is never indexed again, even when a running opencode still reports its messages", async () => {
  const oc = await ws.instance("repo");
  const say = async (id: string, n: number, text: string, call = true) => {
    await oc.event("message.updated", {
      info: { id: `msg_${id}_${n}`, sessionID: id, role: "user", time: { created: Date.now() + n } },
    });
    await oc.event("message.part.updated", {
      part: { id: `prt_${id}_${n}`, sessionID: id, messageID: `msg_${id}_${n}`, type: "text", text },
    });
    // the turn ends: recall.db opens at the first idle moment (a catch-up and retention follow a second later)
    await oc.event("session.idle", { sessionID: id });
    if (call) await oc.hudOf(id);
  };
  await say("ses_gone", 1, "numbatgone first words");
  await say("ses_kept", 1, "bilbykept first words");
  expect(Object.keys(copiesOnDisk("numbatgone")).length).toBeGreaterThan(0);
  expect((await cli("purge", "--session", "ses_gone")).code).toBe(0);
  // late: opencode reports the purged session's messages again (a catch-up, a title, a retry)
  // (no LLM call of its own: a session the agent works in again is a new start, with a HUD of its own)
  await say("ses_gone", 2, "numbatgone late words", false);
  await say("ses_kept", 2, "bilbykept late words");
  expect(copiesOnDisk("numbatgone")).toEqual({});
  expect(copiesOnDisk("ses_gone")).toEqual({});
  // the other session goes on being indexed
  expect(await oc.hud("ses_kept", "search", { query: "bilbykept late" })).toMatch(
    /turn 2 · user: «bilbykept» «late» words/,
  );
}, 60_000);

test("purge removes the components' stored renders, which hold rendered state of every session", async () => {
  const oc = await ws.instance("repo");
  await fill(oc, "ses_a", 1);
  const source = `export default ({ state }) => <paragraph>rendered {state.notes.map((n) => n.content).join()}</paragraph>;`;
  expect(await oc.hud("ses_a", "components.define", { name: "Seen", source })).toStartWith("ok: defined");
  const renders = join(ws.storageDir, RENDERS_FILE);
  // the renders the define began have landed (a running plugin keeps its cache going after a purge)
  await rendersSettled();
  expect(existsSync(renders)).toBe(true);
  expect((await cli("purge", "--session", "ses_a")).code).toBe(0);
  expect(existsSync(renders)).toBe(false);
});
