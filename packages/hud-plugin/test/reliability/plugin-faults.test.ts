// Database faults seen from opencode's side: the real hooks and tools over a real EventStore whose file is
// damaged, unwritable, removed, full or locked while the plugin runs. In each case every LLM call still
// gets its preamble and a HUD holding everything recorded so far, and once the fault clears the database
// holds every event exactly once, in order.
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstLine, freezeWorks, mustFreeze, readonlyTestName, spawnFixture } from "../store/support.ts";
import {
  Conversation,
  PREAMBLE_HEADING,
  durableEvents,
  eventText,
  hookFailures,
  startPlugin,
  storeLines,
  tempRoot,
} from "./support.ts";
import type { FakeOpencode } from "../helpers/fake-opencode.ts";
import type { EventStoreOptions } from "../../src/store/index.ts";

const SESSION = "ses_fault01";
const STREAM = `session:${SESSION}`;

let root: ReturnType<typeof tempRoot>;
let open: FakeOpencode[] = [];
beforeEach(() => {
  root = tempRoot();
  open = [];
});
afterEach(async () => {
  for (const oc of open) await oc.close();
  root.cleanup();
});

async function plugin(storeExtra: Partial<EventStoreOptions> = {}): Promise<Conversation> {
  // No retry back-off: the first call after a fault clears is the one that flushes.
  const oc = await startPlugin(root.storeDir, { retryAfterMs: 0, ...storeExtra });
  open.push(oc);
  return new Conversation(oc, SESSION);
}

async function closeAll(): Promise<void> {
  for (const oc of open.splice(0)) await oc.close();
}

type Work = { big?: boolean; buffered?: boolean };

/**
 * What the agent records in one phase (before / during / after the fault), through the real tool and hooks.
 * `buffered`: the fault keeps writes in memory, so the reply must say the id is not known yet; otherwise the
 * store wrote the item (a recreated file takes writes) and the reply must name its id.
 */
async function work(conv: Conversation, phase: string, { big = false, buffered = false }: Work = {}): Promise<void> {
  // another session's stream, which the checks below do not read, fills the capped file first, so this
  // phase's own writes meet a full disk (the tool's length limit keeps any one text small)
  if (big)
    for (let i = 0; i < 40; i++)
      await conv.oc.hud("ses_filler", "notes.add", { content: `filler ${i} ${"\u{1f600}".repeat(190)}` });
  const reply = (what: string, id: string) =>
    buffered
      ? new RegExp(`^ok: ${what} recorded in memory; .+ — see hud ${what}s\\.list$`)
      : new RegExp(`^ok: added ${what} ${id}\\d+$`);
  expect(await conv.hud("notes.add", { content: `note ${phase}` })).toMatch(reply("note", "n"));
  expect(await conv.hud("steps.add", { description: `step ${phase}` })).toMatch(reply("step", "s"));
  await conv.toolDone("read", { filePath: `src/${phase}.ts` });
  if (phase === "during") await compaction(conv);
}

/** A full compaction cycle as opencode runs it: the compacting hook, then session.compacted. */
async function compaction(conv: Conversation): Promise<void> {
  const output = { context: [] as string[] };
  await conv.oc.hooks["experimental.session.compacting"]({ sessionID: SESSION } as never, output as never);
  expect(output.context.join("\n")).toContain("note during");
  const summary = conv.oc.assistant(SESSION, 1_000, { summary: true });
  conv.oc.setSessionMessages([
    { ...summary, parts: [{ ...summary.parts[0]!, text: "summary written during the fault" }] },
  ]);
  await conv.oc.event("session.compacted", { sessionID: SESSION });
}

/** One LLM call must carry the preamble and a HUD holding every phase recorded so far. */
async function expectHud(conv: Conversation, phases: string[]): Promise<string> {
  const { system, hud } = await conv.call(`go on (${phases.at(-1)})`);
  expect(system.filter((s) => s.startsWith(PREAMBLE_HEADING))).toHaveLength(1);
  expect(hud).toBeDefined();
  for (const phase of phases) {
    expect(hud).toContain(`note ${phase}`);
    expect(hud).toContain(`step ${phase}`);
    expect(hud).toContain(`src/${phase}.ts`);
  }
  return hud!;
}

/** After every instance closed: each recorded event is in the file once, in the order it was made. */
function expectDurable(phases: string[], turns: number): void {
  const events = durableEvents(root.storeDir, STREAM);
  expect(events.every((e) => !e.pending)).toBe(true);
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  const recorded = events.map((e) => eventText(e.event)).filter((t) => !/^(turn|compact\.\w+):/.test(t));
  const compactions = phases.includes("during") ? 1 : 0;
  expect(events.filter((e) => e.event.kind === "compact.before")).toHaveLength(compactions);
  expect(
    events.filter((e) => e.event.kind === "compact.after").map((e) => (e.event as { summary?: string }).summary),
  ).toEqual(compactions ? ["summary written during the fault"] : []);
  expect(recorded).toEqual(
    phases.flatMap((phase) => [`note.add:note ${phase}`, `step.add:step ${phase}`, `file.open:src/${phase}.ts`]),
  );
  expect(events.filter((e) => e.event.kind === "turn")).toHaveLength(turns);
}

/** Proves the fault was real: the phase's events are held in memory, not yet in the file. */
function expectOnlyInMemory(phase: string): void {
  const onDisk = durableEvents(root.storeDir, STREAM).map((e) => eventText(e.event));
  expect(onDisk.some((t) => t.startsWith(`note.add:note ${phase}`))).toBe(false);
}

/** A new plugin instance on the same file shows the same HUD items (replay after restart). */
async function expectReplayed(phases: string[]): Promise<void> {
  const conv = await plugin();
  await expectHud(conv, phases);
  await closeAll();
}

/**
 * The end of every fault test: no hook failed, and after closing, every phase is on disk once (one turn each);
 * with `replay`, a fresh plugin on the same file shows the same HUD.
 */
async function expectRecovered(conv: Conversation, phases: string[], replay = false): Promise<void> {
  expect(hookFailures(conv.oc.logs)).toEqual([]);
  await closeAll();
  expectDurable(phases, phases.length);
  if (replay) await expectReplayed(phases);
}

describe("database faults at the plugin level", () => {
  test("corrupt file at start: moved aside, the plugin starts fresh and records normally", async () => {
    mkdirSync(root.storeDir, { recursive: true });
    writeFileSync(join(root.storeDir, "hud.db"), Buffer.alloc(16_384, 0x5a));
    const conv = await plugin();
    await work(conv, "first");
    await expectHud(conv, ["first"]);
    expect(readdirSync(root.storeDir).some((f) => f.startsWith("hud.db.corrupt-"))).toBe(true);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("is corrupt"))).toBe(true);
    await expectRecovered(conv, ["first"]);
  });

  test("corrupt while running: the file is overwritten under the open handle", async () => {
    const conv = await plugin();
    await work(conv, "before");
    await expectHud(conv, ["before"]);
    const path = join(root.storeDir, "hud.db");
    const side = new Database(path);
    side.run("PRAGMA wal_checkpoint(TRUNCATE)");
    side.close();
    writeFileSync(path, Buffer.alloc(statSync(path).size, 0x5a));

    await work(conv, "during");
    await expectHud(conv, ["before", "during"]);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("is corrupt"))).toBe(true);
    await expectRecovered(conv, ["before", "during"], true);
  });

  test(
    readonlyTestName("read-only file: history shows, new work is kept in memory and written once it is writable"),
    async () => {
      const first = await plugin();
      await work(first, "before");
      await closeAll();

      const path = join(root.storeDir, "hud.db");
      const real = freezeWorks();
      let readonly = !real;
      let thaw = real ? mustFreeze(path) : undefined;
      const conv = await plugin(real ? {} : { seams: { forceReadonly: () => readonly } });
      await expectHud(conv, ["before"]);
      await work(conv, "during", { buffered: true });
      await expectHud(conv, ["before", "during"]);
      expect(storeLines(conv.oc.logs).some((l) => /SQLITE_READONLY|read-only/.test(l))).toBe(true);
      expectOnlyInMemory("during");

      thaw?.();
      thaw = undefined;
      readonly = false;
      await work(conv, "after");
      await expectHud(conv, ["before", "during", "after"]);
      expect(storeLines(conv.oc.logs).some((l) => l.includes("writable again"))).toBe(true);
      await expectRecovered(conv, ["before", "during", "after"], true);
    },
  );

  test("deleted while running: the file and its WAL are removed between calls", async () => {
    const conv = await plugin();
    await work(conv, "before");
    await expectHud(conv, ["before"]);
    for (const side of ["", "-wal", "-shm"]) rmSync(join(root.storeDir, `hud.db${side}`), { force: true });

    await work(conv, "during");
    await expectHud(conv, ["before", "during"]);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("was deleted or replaced"))).toBe(true);
    await expectRecovered(conv, ["before", "during"], true);
  });

  test("disk full: SQLITE_FULL from the engine while the agent works, flushed when space returns", async () => {
    let connection: Database | undefined;
    let full = false;
    const cap = (db: Database) =>
      db.run(`PRAGMA max_page_count = ${(db.query("PRAGMA page_count").get() as { page_count: number }).page_count}`);
    const conv = await plugin({
      seams: {
        afterOpen: (db) => {
          connection = db;
          if (full) cap(db);
        },
      },
    });
    await work(conv, "before");
    await expectHud(conv, ["before"]);
    full = true;
    cap(connection!);

    await work(conv, "during", { big: true, buffered: true });
    await expectHud(conv, ["before", "during"]);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("SQLITE_FULL"))).toBe(true);
    expectOnlyInMemory("during");

    full = false;
    connection!.run("PRAGMA max_page_count = 1073741823");
    await work(conv, "after");
    await expectHud(conv, ["before", "during", "after"]);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("writable again"))).toBe(true);
    await expectRecovered(conv, ["before", "during", "after"]);
  });

  test("locked by another process beyond the busy timeout: calls go on after the timeout", async () => {
    const conv = await plugin({ busyTimeoutMs: 100 });
    await work(conv, "before");
    await expectHud(conv, ["before"]);
    const locker = spawnFixture("locker.ts", [join(root.storeDir, "hud.db"), "rollback"]);
    expect(await firstLine(locker.stdout)).toBe("locked");

    await work(conv, "during", { buffered: true });
    await expectHud(conv, ["before", "during"]);
    expect(storeLines(conv.oc.logs).some((l) => l.includes("SQLITE_BUSY"))).toBe(true);

    locker.stdin.end();
    expect(await locker.exited).toBe(0);
    await work(conv, "after");
    await expectHud(conv, ["before", "during", "after"]);
    await expectRecovered(conv, ["before", "during", "after"]);
  }, 20_000);
});
