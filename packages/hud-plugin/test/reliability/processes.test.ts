// Whole plugin instances in separate processes: a crash right after the appends, and two opencode
// processes writing one session at once. The store's own tests cover the same faults at the event level;
// these check what the agent sees (snapshots, the ids the tool reported) through the plugin.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { replay, type HudEvent } from "@agent-hud/hud-components";
import { pluginInstance } from "./fixtures/plugin-instance.ts";
import { firstLine, spawnFixture } from "../store/support.ts";
import { Conversation, durableEvents, startPlugin, tempRoot } from "./support.ts";

const FIXTURES = join(import.meta.dir, "fixtures");
const SESSION = "ses_procs01";
/** What `notes.add` answers while its note is only buffered: no id, since the flush decides it. */
const BUFFERED_NOTE =
  "ok: note recorded in memory; the database is not taking writes right now, so its id is assigned when it is written — see hud notes.list";

let root: ReturnType<typeof tempRoot>;
beforeEach(() => (root = tempRoot()));
afterEach(() => root.cleanup());

function spawn(name: string, args: string[]) {
  // Bun.spawn passes the environment the process started with; the test's throw-away XDG folders are set later.
  return Bun.spawn([process.execPath, join(FIXTURES, name), ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
}

test("a crash between append and render: a restarted plugin shows the very same state", async () => {
  const projectDir = join(root.root, "project");
  const proc = spawn("plugin-crasher.ts", [root.storeDir, projectDir, SESSION]);
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).not.toBe(0); // killed, not exited
  expect(proc.signalCode).toBe("SIGKILL");
  const before = JSON.parse(out.split("\n")[0]!) as string;
  expect(before).toContain("survive a crash");

  // same worktree as the crashed process, so the project stream is the same
  const restarted = await pluginInstance(root.storeDir, projectDir);
  try {
    expect(await restarted.hud(SESSION, "snapshot")).toBe(before);
    const user = {
      info: { id: "msg_0001", role: "user", sessionID: SESSION },
      parts: [{ id: "prt_0001", type: "text", text: "after the crash" }],
    };
    const output = { messages: [user] };
    await restarted.hooks["experimental.chat.messages.transform"]({} as never, output as never);
    const hud = String(output.messages[1]?.parts[0]?.text);
    for (const text of ["survive a crash", "note 1", "note 3", "note 4", "second step", "keep WAL", "src/crash.ts"])
      expect(hud).toContain(text);
    expect(hud).not.toContain("note 2");
  } finally {
    await restarted.hooks.dispose();
  }
}, 20_000);

test("two plugin processes add notes to one session at once: every note once, in order, under the id the agent was told", async () => {
  const projectDir = join(root.root, "project");
  const barrier = join(root.root, "barrier");
  mkdirSync(barrier, { recursive: true });
  const writers = ["a", "b"];
  const count = 60;
  const procs = writers.map((w) =>
    spawn("plugin-writer.ts", [root.storeDir, projectDir, SESSION, w, String(count), barrier, writers.join(",")]),
  );
  const reported: Record<string, string> = {};
  for (const proc of procs) {
    const [out, err] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
    expect({ code: await proc.exited, err: err.split("\n").filter((l) => l.startsWith("error")) }).toEqual({
      code: 0,
      err: [],
    });
    Object.assign(reported, JSON.parse(out) as Record<string, string>);
  }

  const events = durableEvents(root.storeDir, `session:${SESSION}`).map((e) => e.event as HudEvent);
  const contents = events.flatMap((e) => (e.kind === "note.add" ? [e.content] : []));
  expect(contents).toHaveLength(writers.length * count);
  expect(new Set(contents).size).toBe(contents.length);
  for (const w of writers) {
    const mine = contents.filter((c) => c.startsWith(`${w}:`));
    expect(mine).toEqual(Array.from({ length: count }, (_, i) => `${w}:${i}`));
  }
  // The id each call returned is the id the note has in the replayed log. The writers wait for each
  // other's lock (a 30 s busy timeout), so every note was written at once and every reply names its id.
  const state = replay("session", events, { caps: { notes: 500 } });
  const actual = Object.fromEntries(state.notes.map((n) => [n.content, n.id]));
  expect(reported).toEqual(actual);
}, 60_000);

// While another process holds the write lock past the busy timeout, an added item is only buffered. If the
// lock holder commits an item of the same kind, the buffered one lands after it and gets the next id, so
// an id computed from this process's view would name the other process's item (and a later notes.remove
// would remove the wrong note). The reply therefore gives no id until the item is written.
test("while the store is locked, an added note's reply names no id; once written, notes.list shows the id it got", async () => {
  const oc = await startPlugin(root.storeDir, { busyTimeoutMs: 100, retryAfterMs: 0 });
  try {
    const conv = new Conversation(oc, "ses_test01"); // the stream the locker fixture writes to
    await conv.call("start");
    const locker = spawnFixture("locker.ts", [join(root.storeDir, "hud.db"), "commit"]);
    expect(await firstLine(locker.stdout)).toBe("locked");
    const reply = await conv.hud("notes.add", { content: "mine" });
    expect(reply).toBe(BUFFERED_NOTE);
    locker.stdin.end();
    expect(await locker.exited).toBe(0);
    await conv.call("after the lock");
    const events = durableEvents(root.storeDir, "session:ses_test01").map((e) => e.event as HudEvent);
    expect(events.filter((e) => e.kind === "note.add").map((e) => (e as { content: string }).content)).toEqual([
      "from locker",
      "mine",
    ]);
    const mine = replay("session", events).notes.find((n) => n.content === "mine")!;
    expect(mine.id).toBe("n2");
    expect(await conv.hud("notes.list")).toContain(`${mine.id}: mine`);
    // written now: the next note's reply names its id again
    expect(await conv.hud("notes.add", { content: "after" })).toBe("ok: added note n3");
  } finally {
    await oc.close();
  }
}, 20_000);
