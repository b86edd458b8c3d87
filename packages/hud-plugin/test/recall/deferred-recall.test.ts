// Recall as the runtime holds it: recall.db is not opened on the way to the first call, and nothing the bus
// reported before it opened is lost (the first idle moment, a search or the plugin closing opens it).
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
