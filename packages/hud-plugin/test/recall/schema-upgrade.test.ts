// A recall.db written by the version before the porter/name-parts index (schema 1) is upgraded in place
// when it is opened: its texts stay, under the same handles, and the new ranking finds them.
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RecallIndex } from "../../src/recall/recall-index.ts";
import { RECALL_FILE, SCHEMA_VERSION } from "../../src/recall/schema.ts";

// the schema-1 tables as that version created them (the parts searches touch)
const V1 = [
  `CREATE TABLE sessions (id TEXT PRIMARY KEY, project TEXT NOT NULL, updated_at INTEGER NOT NULL,
     synced_at INTEGER NOT NULL DEFAULT 0, renumber INTEGER NOT NULL DEFAULT 0)`,
  `CREATE TABLE messages (id TEXT PRIMARY KEY, session TEXT NOT NULL, role TEXT NOT NULL, at INTEGER NOT NULL,
     turn INTEGER NOT NULL, epoch INTEGER NOT NULL, summary INTEGER NOT NULL DEFAULT 0)`,
  `CREATE TABLE docs (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, project TEXT NOT NULL,
     session TEXT, message TEXT, source TEXT NOT NULL, at INTEGER NOT NULL, scope TEXT NOT NULL, body TEXT NOT NULL)`,
  `CREATE VIRTUAL TABLE docs_fts USING fts5(body, scope, content = 'docs', content_rowid = 'id',
     tokenize = 'unicode61 remove_diacritics 2')`,
  `CREATE TRIGGER docs_ai AFTER INSERT ON docs BEGIN
     INSERT INTO docs_fts (rowid, body, scope) VALUES (new.id, new.body, new.scope); END`,
  `CREATE TRIGGER docs_ad AFTER DELETE ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, scope) VALUES ('delete', old.id, old.body, old.scope); END`,
  `CREATE TRIGGER docs_au AFTER UPDATE OF body ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, scope) VALUES ('delete', old.id, old.body, old.scope);
     INSERT INTO docs_fts (rowid, body, scope) VALUES (new.id, new.body, new.scope); END`,
  `CREATE TABLE cursors (stream TEXT PRIMARY KEY, seq INTEGER NOT NULL)`,
];
const PROJECT = "0123456789abcdef";
const SCOPE = `sses1 p${PROJECT}`;
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a schema-1 file opens upgraded: same texts and handles, stemming and name parts work, version recorded", () => {
  dir = mkdtempSync(join(tmpdir(), "hud-recall-upgrade-"));
  const old = new Database(join(dir, RECALL_FILE), { create: true });
  for (const sql of V1) old.run(sql);
  old.run("INSERT INTO sessions (id, project, updated_at) VALUES ('ses_1', ?, 1)", [PROJECT]);
  old.run("INSERT INTO messages VALUES ('msg_1', 'ses_1', 'user', 1, 1, 0, 0)");
  const insert = old.query(
    "INSERT INTO docs (id, key, kind, project, session, message, source, at, scope, body) VALUES (?, ?, 'part', ?, 'ses_1', 'msg_1', ?, 1, ?, ?)",
  );
  insert.run(7, "part:prt_1", PROJECT, "user", SCOPE, "I painted the fence green");
  insert.run(9, "part:prt_2", PROJECT, "bash", SCOPE, "error at parseRowCursor (cursor.ts:41)");
  expect(old.query("SELECT rowid FROM docs_fts WHERE docs_fts MATCH 'paint'").all()).toEqual([]);
  old.close();

  const index = RecallIndex.open(dir, PROJECT);
  const version = index.db.query("PRAGMA user_version").get() as { user_version: number };
  expect(version.user_version).toBe(SCHEMA_VERSION);
  // the part after it follows as its neighbour: the upgrade linked them
  expect(index.search("which colour did I paint the fence?", { session: "ses_1" }, 5).map((h) => h.id)).toEqual([7, 9]);
  expect(index.search("row cursor parsing", { session: "ses_1" }, 5).map((h) => h.id)).toEqual([9, 7]);
  expect(index.read("m9")?.body).toBe("error at parseRowCursor (cursor.ts:41)");
  // written after the upgrade: the triggers keep the new columns in step
  index.message({ kind: "message", id: "msg_2", session: "ses_1", role: "user", at: 2 });
  index.part({ kind: "text", id: "prt_3", session: "ses_1", message: "msg_2", text: "flushTokenBatch ran" });
  expect(index.search("flushing token batches", { session: "ses_1" }, 5)).toHaveLength(1);
  index.close();
  // opening again does not upgrade twice: the texts are still there once
  const again = RecallIndex.open(dir, PROJECT);
  expect((again.db.query("SELECT count(*) AS n FROM docs").get() as { n: number }).n).toBe(3);
  again.close();
});

// the schema-2 tables (porter, name parts, no neighbours), as that version created them
const V2 = [
  ...V1.slice(0, 2),
  `CREATE TABLE docs (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, project TEXT NOT NULL,
     session TEXT, message TEXT, source TEXT NOT NULL, at INTEGER NOT NULL, scope TEXT NOT NULL, body TEXT NOT NULL,
     terms TEXT NOT NULL DEFAULT '')`,
  `CREATE VIRTUAL TABLE docs_fts USING fts5(body, terms, scope, content = 'docs', content_rowid = 'id',
     tokenize = 'porter unicode61 remove_diacritics 2')`,
  `CREATE TRIGGER docs_ai AFTER INSERT ON docs BEGIN
     INSERT INTO docs_fts (rowid, body, terms, scope) VALUES (new.id, new.body, new.terms, new.scope); END`,
  `CREATE TRIGGER docs_ad AFTER DELETE ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, terms, scope) VALUES ('delete', old.id, old.body, old.terms, old.scope); END`,
  `CREATE TRIGGER docs_au AFTER UPDATE OF body, terms ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, terms, scope) VALUES ('delete', old.id, old.body, old.terms, old.scope);
     INSERT INTO docs_fts (rowid, body, terms, scope) VALUES (new.id, new.body, new.terms, new.scope); END`,
  V1.at(-1)!,
  "PRAGMA user_version = 2",
];

test("a schema-2 file opens upgraded: every part gets its neighbours, so the answer after a question is found", () => {
  dir = mkdtempSync(join(tmpdir(), "hud-recall-upgrade-"));
  const old = new Database(join(dir, RECALL_FILE), { create: true });
  for (const sql of V2) old.run(sql);
  old.run("INSERT INTO sessions (id, project, updated_at) VALUES ('ses_1', ?, 1)", [PROJECT]);
  const insert = old.query(
    "INSERT INTO docs (id, key, kind, project, session, message, source, at, scope, body) VALUES (?, ?, ?, ?, ?, ?, 'user', ?, ?, ?)",
  );
  insert.run(3, "part:prt_1", "part", PROJECT, "ses_1", "msg_1", 1, SCOPE, "which vault holds the signing key?");
  insert.run(4, "event:s:1", "event", PROJECT, "ses_1", null, 2, SCOPE, "a HUD note in between");
  insert.run(5, "part:prt_2", "part", PROJECT, "ses_1", "msg_2", 3, SCOPE, "the one in Oslo, shelf B");
  insert.run(6, "part:prt_3", "part", PROJECT, "ses_1", "msg_3", 4, SCOPE, "thanks");
  expect(old.query("SELECT rowid FROM docs_fts WHERE docs_fts MATCH 'signing'").all()).toEqual([{ rowid: 3 }]);
  old.close();

  const index = RecallIndex.open(dir, PROJECT);
  expect((index.db.query("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
  const near = index.db.query("SELECT id, prev, next FROM docs ORDER BY id").all();
  expect(near).toEqual([
    { id: 3, prev: "", next: "the one in Oslo, shelf B" },
    { id: 4, prev: "", next: "" },
    { id: 5, prev: "which vault holds the signing key?", next: "thanks" },
    { id: 6, prev: "the one in Oslo, shelf B\nwhich vault holds the signing key?", next: "" },
  ]);
  // the question, the answer after it, then the reply after that (the question is two before it)
  expect(index.search("signing key vault", { session: "ses_1" }, 5).map((h) => h.id)).toEqual([3, 5, 6]);
  // new writes link to the upgraded ones
  index.message({ kind: "message", id: "msg_4", session: "ses_1", role: "user", at: 5 });
  index.part({ kind: "text", id: "prt_4", session: "ses_1", message: "msg_4", text: "welcome" });
  expect(index.db.query("SELECT next FROM docs WHERE id = 6").get()).toEqual({ next: "welcome" });
  index.close();
});

test("a schema-3 file opens upgraded: each part's `prev` gains the part two before, and is found by its words", () => {
  dir = mkdtempSync(join(tmpdir(), "hud-recall-upgrade-"));
  const turns = ["which port does the staging proxy listen on?", "let me look", "8443, behind the load balancer"];
  const index = RecallIndex.open(dir, PROJECT);
  index.transaction(() =>
    turns.forEach((text, i) => {
      index.message({ kind: "message", id: `msg_${i}`, session: "ses_1", role: i % 2 ? "assistant" : "user", at: i });
      index.part({ kind: "text", id: `prt_${i}`, session: "ses_1", message: `msg_${i}`, text });
    }),
  );
  // as version 3 left it: the part just before only
  index.db.run("UPDATE docs SET prev = 'let me look' WHERE body LIKE '8443%'");
  index.db.run("INSERT INTO docs_fts (docs_fts) VALUES ('rebuild')");
  index.db.run("PRAGMA user_version = 3");
  const answer = (index.db.query("SELECT id FROM docs WHERE body LIKE '8443%'").get() as { id: number }).id;
  const found = () => index.search("staging proxy port", { session: "ses_1" }, 5).map((h) => h.id);
  expect(found()).not.toContain(answer);
  index.close();

  const upgraded = RecallIndex.open(dir, PROJECT);
  const near = upgraded.db.query("SELECT prev FROM docs WHERE id = ?").get(answer) as { prev: string };
  expect(near.prev).toBe(`let me look\n${turns[0]}`);
  expect(upgraded.search("staging proxy port", { session: "ses_1" }, 5).map((h) => h.id)).toContain(answer);
  upgraded.close();
});
