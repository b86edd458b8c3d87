// Retention: sessions idle past the window lose their HUD log and their index entries; project items
// stay; the files shrink.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Recall } from "../../src/recall/index.ts";
import { RECALL_FILE } from "../../src/recall/schema.ts";
import { EventStore } from "../../src/store/index.ts";
import { observe, toolCall, userMessage } from "./support.ts";

const DAY = 86_400_000;
const NOW = 400 * DAY;
const PROJECT = "0123456789abcdef";
const silent = { log() {}, once() {} } as never;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The database with its write-ahead log: data sits in either until a checkpoint. */
const size = (path: string) =>
  [path, `${path}-wal`].reduce((sum, p) => sum + (existsSync(p) ? statSync(p).size : 0), 0);

/** Copies of `text` in the raw bytes of every file of the folder (the databases, their -wal and -shm). */
function copiesIn(dir: string, text: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const name of readdirSync(dir)) {
    const bytes = readFileSync(join(dir, name));
    let n = 0;
    for (let at = bytes.indexOf(text); at >= 0; at = bytes.indexOf(text, at + 1)) n++;
    if (n) found[name] = n;
  }
  return found;
}

test("sessions idle over retentionDays are dropped from the HUD log and the index, project items stay, space is reclaimed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-retention-"));
  dirs.push(dir);
  const store = EventStore.open({ dir, log: () => {} });
  const recall = Recall.open({
    dir,
    projectKey: PROJECT,
    retentionDays: 90,
    log: silent,
    now: () => NOW,
    eventLog: store.path,
  })!;
  const bulky = (word: string) => `${word} ${"lorem ipsum dolor sit amet ".repeat(400)}`;
  const sessions = { ses_old: NOW - 120 * DAY, ses_new: NOW - 10 * DAY };
  for (const [id, at] of Object.entries(sessions)) {
    store.touchSession({ sessionID: id, projectKey: PROJECT, now: at });
    for (let i = 0; i < 60; i++) {
      store.append(`session:${id}`, [{ kind: "note.add", at, content: bulky(`${id}-note-${i}`) }]);
      observe(recall, [...userMessage(id, `${id} question ${i}`, at), ...toolCall(id, "bash", {}, bulky(id), at + 1)]);
    }
  }
  store.append(`project:${PROJECT}`, [{ kind: "convention.add", at: NOW - 300 * DAY, content: "tests use bun test" }]);
  await recall.search(store, "ses_old", { query: "note" }); // indexes the HUD logs
  await recall.search(store, "ses_new", { query: "note" });
  store.flush();
  const before = { log: size(store.path), index: size(join(dir, RECALL_FILE)) };

  expect(Object.keys(copiesIn(dir, "ses_old question")).length).toBeGreaterThan(0);
  expect(recall.prune()).toEqual({ index: 1, log: 1 });
  // no byte of the dropped session stays behind in any file, while both connections are still open
  if (process.env.PURGE_BYTES) console.log(copiesIn(dir, "ses_old"));
  expect(copiesIn(dir, "ses_old")).toEqual({});

  expect(store.read("session:ses_old")).toEqual([]);
  expect(store.read("session:ses_new")).toHaveLength(60);
  expect(store.read(`project:${PROJECT}`).map((e) => e.event.kind)).toEqual(["convention.add"]);
  expect(recall.index.search("ses_old", { project: true }, 5)).toEqual([]);
  expect(recall.index.search("ses_new", { project: true }, 5).length).toBeGreaterThan(0);
  expect(recall.index.search("bun test", { session: "ses_new" }, 5)).toHaveLength(1);
  const after = { log: size(store.path), index: size(join(dir, RECALL_FILE)) };
  expect(after.log).toBeLessThan(before.log * 0.75);
  expect(after.index).toBeLessThan(before.index * 0.75);
  recall.close();
  store.close();
});

test("a project's own retentionDays prunes its own sessions only; other projects keep the global window", async () => {
  const dir = mkdtempSync(join(tmpdir(), "hud-retention-own-"));
  dirs.push(dir);
  const store = EventStore.open({ dir, log: () => {} });
  const OTHER = "fedcba9876543210";
  const recall = Recall.open({
    dir,
    projectKey: PROJECT,
    retentionDays: 1,
    retention: { days: 90, own: { projectKey: PROJECT, days: 1 } },
    log: silent,
    now: () => NOW,
    eventLog: store.path,
  })!;
  const sessions: Array<[string, string, number]> = [
    ["ses_mine_old", PROJECT, NOW - 5 * DAY],
    ["ses_mine_new", PROJECT, NOW - DAY / 2],
    ["ses_theirs", OTHER, NOW - 5 * DAY],
    ["ses_theirs_ancient", OTHER, NOW - 120 * DAY],
  ];
  for (const [id, project, at] of sessions) {
    store.touchSession({ sessionID: id, projectKey: project, now: at });
    store.append(`session:${id}`, [{ kind: "note.add", at, content: `${id} note` }]);
  }
  store.flush();
  expect(recall.prune().log).toBe(2);
  const kept = sessions.filter(([id]) => store.read(`session:${id}`).length > 0).map(([id]) => id);
  expect(kept).toEqual(["ses_mine_new", "ses_theirs"]);
  recall.close();
  store.close();
});

test("quarantined copies older than the window are removed by retention; newer ones stay for inspection", async () => {
  const { utimesSync, writeFileSync, readdirSync } = await import("node:fs");
  const dir = mkdtempSync(join(tmpdir(), "hud-retention-quarantine-"));
  dirs.push(dir);
  const store = EventStore.open({ dir, log: () => {} });
  store.touchSession({ sessionID: "ses_x", projectKey: PROJECT, now: NOW });
  store.flush();
  const old = ["hud.db.corrupt-20250101T000000000Z", "hud.db.corrupt-20250101T000000000Z-wal", "recall.db.broken-1"];
  for (const name of [...old, "recall.db.broken-2"]) writeFileSync(join(dir, name), "x");
  const longAgo = (NOW - 200 * DAY) / 1000;
  for (const name of old) utimesSync(join(dir, name), longAgo, longAgo);
  const recent = (NOW - DAY) / 1000;
  utimesSync(join(dir, "recall.db.broken-2"), recent, recent);
  const recall = Recall.open({
    dir,
    projectKey: PROJECT,
    retentionDays: 90,
    log: silent,
    now: () => NOW,
    eventLog: store.path,
  })!;
  recall.prune();
  const left = readdirSync(dir).filter((f) => f.includes(".corrupt-") || f.includes(".broken-"));
  expect(left).toEqual(["recall.db.broken-2"]);
  recall.close();
  store.close();
});
