// Recall as the runtime holds it: recall.db is not opened on the way to the first call, and nothing the bus
// reported before it opened is lost (the first idle moment, a search or the plugin closing opens it).
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { FEED_SLICE } from "../../src/recall/deferred-recall.ts";
import { DeferredRecall, Recall } from "../../src/recall/index.ts";
import { RECALL_FILE } from "../../src/recall/schema.ts";
import { assistantText, observe, userMessage } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const silent = { log() {}, once() {} } as never;
const NOW = 100 * 86_400_000;
const options = (dir: string) => ({
  dir,
  projectKey: "0123456789abcdef",
  retentionDays: 90,
  log: silent,
  now: () => NOW,
});
const noEvents = { read: () => [] } as never;

function fresh() {
  const dir = mkdtempSync(join(tmpdir(), "hud-deferred-recall-"));
  dirs.push(dir);
  return { dir, recall: new DeferredRecall(options(dir)) };
}

/** What the index holds once reopened: the sessions' texts found by a word. */
function found(dir: string, word: string, session: string): number {
  const recall = Recall.open(options(dir))!;
  try {
    return recall.index.search(word, { session }, 5).length;
  } finally {
    recall.close();
  }
}

test("events before the first idle moment open nothing; the idle event opens the index with all of them", () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  observe(recall, userMessage("ses_a", "quokka before idle", NOW));
  observe(recall, [{ type: "session.status", properties: { sessionID: "ses_a", status: { type: "busy" } } }]);
  expect(existsSync(join(dir, RECALL_FILE))).toBe(false);
  observe(recall, [{ type: "session.status", properties: { sessionID: "ses_a", status: { type: "idle" } } }]);
  expect(existsSync(join(dir, RECALL_FILE))).toBe(true);
  recall.close();
  expect(found(dir, "quokka", "ses_a")).toBe(1);
});

test("a streamed text is kept as its last update, and closing writes what waits (a hook's process)", () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  observe(recall, assistantText("ses_b", "wombat finished text", NOW));
  recall.close();
  expect(found(dir, "wombat", "ses_b")).toBe(1);
});

test("a search opens the index at once and finds what was observed before it", async () => {
  const { recall } = fresh();
  observe(recall, userMessage("ses_c", "platypus searched", NOW));
  expect(await recall.search(noEvents, "ses_c", { query: "platypus" })).toContain("platypus");
  recall.close();
});

test("closing with nothing observed creates no index file", () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  recall.close();
  expect(existsSync(join(dir, RECALL_FILE))).toBe(false);
});

test("what waited goes in as one write, and a text that fails to index leaves the others in (fallback: each event's own guard)", () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-deferred-recall-"));
  dirs.push(dir);
  const redact = (text: string) => {
    if (text.includes("boom")) throw new Error("redactor failed");
    return text;
  };
  const recall = new DeferredRecall({ ...options(dir), redact });
  observe(recall, userMessage("ses_d", "echidna first", NOW));
  observe(recall, userMessage("ses_d", "boom in the middle", NOW + 1));
  observe(recall, userMessage("ses_d", "numbat last", NOW + 2));
  recall.close();
  expect([found(dir, "echidna", "ses_d"), found(dir, "boom", "ses_d"), found(dir, "numbat", "ses_d")]).toEqual([
    1, 0, 1,
  ]);
});

const idle = (sessionID: string) => [{ type: "session.status", properties: { sessionID, status: { type: "idle" } } }];
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How many texts recall.db holds now, read by a connection of its own (what the feed committed). */
function indexed(dir: string): number {
  const db = new Database(join(dir, RECALL_FILE), { readonly: true });
  try {
    return (db.query("SELECT count(*) AS n FROM docs").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test("opened by an idle moment, what waited goes in FEED_SLICE events a turn; a search takes the rest first", async () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  // a message and its text part each: twice FEED_SLICE events
  for (let i = 0; i < FEED_SLICE; i++) observe(recall, userMessage("ses_e", `bilby${i} said`, NOW + i));
  observe(recall, idle("ses_e"));
  expect(indexed(dir)).toBe(0);
  await turn();
  expect(indexed(dir)).toBe(FEED_SLICE / 2);
  expect(await recall.search(noEvents, "ses_e", { query: `bilby${FEED_SLICE - 1}` })).toContain(
    `bilby${FEED_SLICE - 1}`,
  );
  expect(indexed(dir)).toBe(FEED_SLICE);
  recall.close();
});

test("an update observed while what waited is still going in lands after it: the index keeps the newest text", () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  for (let i = 0; i < FEED_SLICE; i++) observe(recall, userMessage("ses_f", `filler ${i}`, NOW + i));
  const info = { id: "msg_f_last", sessionID: "ses_f", role: "assistant", time: { created: NOW + 100 } };
  const part = { id: "prt_f_last", sessionID: "ses_f", messageID: "msg_f_last", type: "text" };
  observe(recall, [
    { type: "message.updated", properties: { info } },
    {
      type: "message.part.updated",
      properties: { part: { ...part, text: "draft koala", time: { start: 1, end: 2 } } },
    },
  ]);
  observe(recall, idle("ses_f"));
  observe(recall, [
    {
      type: "message.part.updated",
      properties: { part: { ...part, text: "final dingo", time: { start: 1, end: 3 } } },
    },
  ]);
  // closing takes what is still queued, in order
  recall.close();
  expect([found(dir, "dingo", "ses_f"), found(dir, "koala", "ses_f")]).toEqual([1, 0]);
});

test("a process exiting right after an idle moment writes what was still queued (flush)", () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  for (let i = 0; i < FEED_SLICE; i++) observe(recall, userMessage("ses_g", `quoll${i} said`, NOW + i));
  observe(recall, idle("ses_g"));
  expect(indexed(dir)).toBe(0);
  recall.flush();
  expect(indexed(dir)).toBe(FEED_SLICE);
  recall.close();
});

test("events arriving faster than a slice a turn do not starve the feed: what waited still goes in", async () => {
  const { dir, recall } = fresh();
  recall.start(60_000, 60_000);
  for (let i = 0; i < 2 * FEED_SLICE; i++) observe(recall, userMessage("ses_h", `dunnart${i} said`, NOW + i));
  observe(recall, idle("ses_h"));
  // each turn brings more events than a slice (a stream of updates while the index takes what waited)
  const perTurn = 2 * FEED_SLICE;
  for (let t = 0; t < 10; t++) {
    for (let i = 0; i < perTurn / 2; i++) observe(recall, userMessage("ses_h", `later ${t} ${i}`, NOW + 1_000 + t));
    await turn();
  }
  expect(indexed(dir)).toBe(2 * FEED_SLICE + 10 * (perTurn / 2));
  recall.close();
});
