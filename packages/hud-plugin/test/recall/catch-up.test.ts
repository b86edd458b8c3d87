// A restart catches up through the SDK client without re-indexing everything: sessions unchanged since
// their last sync are not read again, and unchanged texts are not rewritten.
import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { opencodeHistory, type HistoryClient } from "../../src/host/v1/history.ts";
import { Recall } from "../../src/recall/index.ts";
import { RECALL_FILE } from "../../src/recall/schema.ts";
import { asMessages, assistantText, observe, toolCall, userMessage, type BusEvent } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const silent = { log() {}, once() {} } as never;
const NOW = 100 * 86_400_000;

/** opencode as the SDK client shows it: sessions with their update time, and each session's messages. */
function fakeClient(sessions: Map<string, { updated: number; events: BusEvent[] }>) {
  const reads: string[] = [];
  const client: HistoryClient = {
    session: {
      list: async () => ({ data: [...sessions].map(([id, s]) => ({ id, time: { updated: s.updated } })) }),
      messages: async ({ path }) => {
        reads.push(path.id);
        return { data: asMessages(sessions.get(path.id)?.events ?? []) as never };
      },
    },
  };
  return { client, reads };
}

const open = (dir: string, client: HistoryClient) =>
  Recall.open({
    dir,
    projectKey: "0123456789abcdef",
    retentionDays: 90,
    log: silent,
    now: () => NOW,
    history: opencodeHistory(client),
  })!;

test("a restart reads only the sessions that changed, and rewrites only what changed in them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
  dirs.push(dir);
  const many = (session: string, word: string) =>
    Array.from({ length: 100 }, (_, i) => userMessage(session, `${word} words ${i}`, NOW - 2_000 + i)).flat();
  const sessions = new Map([
    ["ses_a", { updated: NOW - 1_000, events: many("ses_a", "alpha") }],
    ["ses_b", { updated: NOW - 1_000, events: many("ses_b", "beta") }],
  ]);
  const first = fakeClient(sessions);
  const one = open(dir, first.client);
  expect(await one.catchUp()).toBe(2);
  expect(first.reads.sort()).toEqual(["ses_a", "ses_b"]);
  const before = one.index.db.query("SELECT id, key FROM docs ORDER BY id").all();
  one.close();

  // while no plugin ran, ses_b went on: one more tool call
  sessions.get("ses_b")!.events.push(...toolCall("ses_b", "bash", { command: "date" }, "gamma output", NOW - 500));
  sessions.get("ses_b")!.updated = NOW - 400;
  const second = fakeClient(sessions);
  const two = open(dir, second.client);
  const changes = () => (two.index.db.query("SELECT total_changes() AS n").get() as { n: number }).n;
  const start = changes();
  expect(await two.catchUp()).toBe(1);
  expect(second.reads).toEqual(["ses_b"]);
  const after = two.index.db.query("SELECT id, key FROM docs ORDER BY id").all();
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after).toHaveLength(before.length + 1);
  // one new doc, its message row, the session's counters and the previous part's `next` column, with their
  // FTS entries (about 60 rows): re-indexing ses_b alone would be 100 docs and thousands of rows
  expect(changes() - start).toBeLessThan(100);
  expect(two.index.search("gamma", { session: "ses_b" }, 5)).toHaveLength(1);
  two.close();

  const third = fakeClient(sessions);
  const three = open(dir, third.client);
  expect(await three.catchUp()).toBe(0);
  expect(third.reads).toEqual([]);
  three.close();
});

test("catch-up without a client, or with a failing one, reads nothing and throws nothing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
  dirs.push(dir);
  const none = Recall.open({ dir, projectKey: "0123456789abcdef", retentionDays: 90, log: silent, now: () => NOW })!;
  expect(await none.catchUp()).toBe(0);
  none.close();
  const failing = open(dir, {
    session: {
      list: async () => {
        throw new Error("server gone");
      },
      messages: async () => ({}),
    },
  });
  expect(await failing.catchUp()).toBe(0);
  failing.close();
});

test("an unreadable index file is set aside and rebuilt: search stays on", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
  dirs.push(dir);
  writeFileSync(join(dir, RECALL_FILE), "this is not a database ".repeat(100));
  const warnings: string[] = [];
  const log = { log: (_: string, message: string) => warnings.push(message), once() {} } as never;
  const recall = Recall.open({ dir, projectKey: "0123456789abcdef", retentionDays: 90, log, now: () => NOW })!;
  expect(recall).toBeDefined();
  expect(warnings).toEqual([expect.stringMatching(/^agent-hud recall: index was unreadable \(.+\); rebuilding it$/)]);
  observe(recall, userMessage("ses_a", "rebuilt words", NOW));
  expect(recall.index.search("rebuilt", { session: "ses_a" }, 5)).toHaveLength(1);
  expect(readdirSync(dir).filter((f) => f.includes(".broken-"))).toHaveLength(1);
  recall.close();
});

test("a file damaged inside (header intact) opens, and verify() at the first idle moment finds it, sets it aside and rebuilds", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
  dirs.push(dir);
  const quiet = { log() {}, once() {} } as never;
  const first = Recall.open({ dir, projectKey: "0123456789abcdef", retentionDays: 90, log: quiet, now: () => NOW })!;
  for (let i = 0; i < 400; i++)
    observe(first, userMessage("ses_a", `filler words number ${i} ${"lorem ipsum ".repeat(20)}`, NOW + i));
  first.close();
  const { Database } = await import("bun:sqlite");
  const db = new Database(join(dir, RECALL_FILE));
  db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  const file = join(dir, RECALL_FILE);
  const bytes = readFileSync(file);
  // the last pages: index and table data that opening the file and its schema never reads
  bytes.fill(0x5a, bytes.length - 6 * 4096, bytes.length - 2 * 4096);
  writeFileSync(file, bytes);
  const warnings: string[] = [];
  const log = {
    log: (_: string, m: string) => warnings.push(m),
    once: (_: string, __: string, m: string) => warnings.push(m),
  } as never;
  const recall = Recall.open({ dir, projectKey: "0123456789abcdef", retentionDays: 90, log, now: () => NOW })!;
  expect(warnings).toEqual([]);
  recall.verify();
  expect(warnings.at(-1)).toMatch(
    /index turned out corrupt \((integrity check reported .+|database disk image is malformed)\); rebuilding it$/,
  );
  expect(readdirSync(dir).filter((f) => f.includes(".broken-"))).toHaveLength(1);
  observe(recall, userMessage("ses_a", "rebuilt words", NOW));
  expect(recall.index.search("rebuilt", { session: "ses_a" }, 5)).toHaveLength(1);
  recall.close();
});

test("turns and compactions follow message time, not arrival: a catch-up after newer live events still numbers them right", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
  dirs.push(dir);
  const history = [
    ...userMessage("ses_c", "first question", NOW - 5_000),
    ...toolCall("ses_c", "bash", { command: "cat notes" }, "older output kiwi", NOW - 4_900),
    ...assistantText("ses_c", "Summary: nothing about fruit.", NOW - 4_000, true),
  ];
  const live = userMessage("ses_c", "where was the kiwi", NOW - 100);
  const sessions = new Map([["ses_c", { updated: NOW - 100, events: [...history, ...live] }]]);
  const recall = open(dir, fakeClient(sessions).client);
  observe(recall, live); // the new prompt arrives before the catch-up ran
  await recall.catchUp();
  const lines = recall.index
    .search("kiwi", { session: "ses_c" }, 5)
    // the texts holding the word (their neighbours follow them, unmarked)
    .filter((h) => h.snippet.includes("«kiwi»"))
    .map((h) => `${h.source} turn ${h.turn} epoch ${h.epoch}`)
    .sort();
  expect(lines).toEqual(["bash turn 1 epoch 0", "user turn 2 epoch 1"]);
  recall.close();
});

describe("when the catch-up runs", () => {
  // A clock the test moves: "not yet" is checked just before a timer would be due, not after a guessed sleep.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const sessions = () =>
    new Map([["ses_old", { updated: NOW - 1_000, events: userMessage("ses_old", "older words", NOW - 2_000) }]]);
  /** Moves the clock, then lets the catch-up's promise chain (the fake client's answers) run to its end. */
  const advance = async (ms: number) => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const started = (idleDelayMs: number, fallbackMs: number) => {
    const dir = mkdtempSync(join(tmpdir(), "hud-recall-"));
    dirs.push(dir);
    const fake = fakeClient(sessions());
    const recall = open(dir, fake.client);
    recall.start(idleDelayMs, fallbackMs);
    return { recall, reads: fake.reads };
  };

  test("not before a session goes idle: the first LLM call never waits on it", async () => {
    const { recall, reads } = started(5, 60_000);
    observe(recall, [{ type: "session.status", properties: { sessionID: "ses_new", status: { type: "busy" } } }]);
    await advance(9_999);
    expect(reads).toEqual([]);
    observe(recall, [{ type: "session.status", properties: { sessionID: "ses_new", status: { type: "idle" } } }]);
    await advance(4);
    expect(reads).toEqual([]);
    await advance(1);
    expect(reads).toEqual(["ses_old"]);
    // a second idle session, and the fallback coming due, do not read again
    observe(recall, [{ type: "session.idle", properties: { sessionID: "ses_new" } }]);
    await advance(60_000);
    expect(reads).toEqual(["ses_old"]);
    recall.close();
  });

  test("after the fallback delay when no session goes idle", async () => {
    const { recall, reads } = started(5, 20);
    await advance(19);
    expect(reads).toEqual([]);
    await advance(1);
    expect(reads).toEqual(["ses_old"]);
    recall.close();
  });

  test("never after close: a short run that exits as its session goes idle reads nothing", async () => {
    const { recall, reads } = started(20, 30);
    observe(recall, [{ type: "session.idle", properties: { sessionID: "ses_new" } }]);
    recall.close();
    await advance(60_000);
    expect(reads).toEqual([]);
  });
});
