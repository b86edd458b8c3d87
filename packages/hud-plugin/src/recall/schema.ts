import type { Database } from "bun:sqlite";
import { SECURE_DELETE } from "../store/scrub.ts";
import { nameParts } from "./identifiers.ts";
import { LINK_ALL } from "./neighbours.ts";

export const RECALL_FILE = "recall.db";

/**
 * Sessions the person purged, by a hash of their id (the id itself is purged too): a running opencode may
 * still report one of their messages, or catch a session up from its own storage, and would index it again.
 */
export const PURGED_TABLE = `CREATE TABLE IF NOT EXISTS purged (hash TEXT PRIMARY KEY) WITHOUT ROWID`;

/** The key a purged session is remembered by. */
export function purgedHash(sessionID: string): string {
  return new Bun.CryptoHasher("sha256").update(`agent-hud purged session ${sessionID}`).digest("hex");
}

/**
 * The conversation index lives in its own file next to the event log: it is derived data (rebuilt from
 * opencode through the SDK client), written far more often than the log, and never worth a lock the
 * log's writers would wait on.
 *
 * `docs` holds one row per indexed text: a message part (user/assistant text, a tool call with its
 * output) or a HUD event. A message's `turn` counts the session's user messages up to it and `epoch` its
 * compactions (summary messages); a message that arrives older than one already stored (a catch-up after
 * a restart) marks the session for `renumber`, done in one pass before the session is next read.
 * `docs_fts` is an external-content FTS5 index over `docs.body` and `docs.terms` (the parts of the compound
 * names in the body: `parseRowCursor` is also "parse row cursor"), kept in step by triggers, porter-stemmed
 * ("painted" finds "paint"). Its third column, `scope`, holds one token for the session and one for the
 * project, so a search intersects with its session inside FTS5 before anything is ranked (the file holds
 * every project of the user). `prev` holds the openings of the two message parts before it in its session
 * and `next` the opening of the part after it (see neighbours.ts): a turn is found by the words of the
 * question it answers.
 */
export const SCHEMA_VERSION = 4;
/** The index over `docs`: dropped and built again from `docs` when an older version's file is opened. */
const FTS = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(
     body, terms, scope, prev, next, content = 'docs', content_rowid = 'id',
     tokenize = 'porter unicode61 remove_diacritics 2'
   )`,
  `CREATE TRIGGER IF NOT EXISTS docs_ai AFTER INSERT ON docs BEGIN
     INSERT INTO docs_fts (rowid, body, terms, scope, prev, next)
       VALUES (new.id, new.body, new.terms, new.scope, new.prev, new.next);
   END`,
  `CREATE TRIGGER IF NOT EXISTS docs_ad AFTER DELETE ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, terms, scope, prev, next)
       VALUES ('delete', old.id, old.body, old.terms, old.scope, old.prev, old.next);
   END`,
  `CREATE TRIGGER IF NOT EXISTS docs_au AFTER UPDATE OF body, terms, prev, next ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, terms, scope, prev, next)
       VALUES ('delete', old.id, old.body, old.terms, old.scope, old.prev, old.next);
     INSERT INTO docs_fts (rowid, body, terms, scope, prev, next)
       VALUES (new.id, new.body, new.terms, new.scope, new.prev, new.next);
   END`,
];

const DDL = [
  `PRAGMA auto_vacuum = INCREMENTAL`,
  PURGED_TABLE,
  `CREATE TABLE IF NOT EXISTS sessions (
     id          TEXT PRIMARY KEY,
     project     TEXT NOT NULL,
     updated_at  INTEGER NOT NULL,
     synced_at   INTEGER NOT NULL DEFAULT 0,
     renumber    INTEGER NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX IF NOT EXISTS sessions_by_project ON sessions (project, updated_at)`,
  `CREATE TABLE IF NOT EXISTS messages (
     id      TEXT PRIMARY KEY,
     session TEXT NOT NULL,
     role    TEXT NOT NULL,
     at      INTEGER NOT NULL,
     turn    INTEGER NOT NULL,
     epoch   INTEGER NOT NULL,
     summary INTEGER NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX IF NOT EXISTS messages_by_session ON messages (session, at)`,
  `CREATE INDEX IF NOT EXISTS summary_messages ON messages (session, at) WHERE summary = 1`,
  `CREATE TABLE IF NOT EXISTS docs (
     id      INTEGER PRIMARY KEY,
     key     TEXT NOT NULL UNIQUE,
     kind    TEXT NOT NULL,
     project TEXT NOT NULL,
     session TEXT,
     message TEXT,
     source  TEXT NOT NULL,
     at      INTEGER NOT NULL,
     scope   TEXT NOT NULL,
     body    TEXT NOT NULL,
     terms   TEXT NOT NULL DEFAULT '',
     prev    TEXT NOT NULL DEFAULT '',
     next    TEXT NOT NULL DEFAULT ''
   )`,
  `CREATE INDEX IF NOT EXISTS docs_by_session ON docs (session, at)`,
  `CREATE INDEX IF NOT EXISTS docs_by_message ON docs (message)`,
  ...FTS,
  `CREATE TABLE IF NOT EXISTS cursors (
     stream TEXT PRIMARY KEY,
     seq    INTEGER NOT NULL
   )`,
];

/**
 * An older file: its texts and handles stay, the FTS index is built again from them in one transaction
 * before anything reads it (about a second per 10k texts, once; the agent sees a search that waited,
 * never a missing hit). Version 1 (unicode61, no `terms`) gets its name parts; versions 1 to 3 get each
 * part's neighbours (`prev`, `next`; version 3 had only the part just before in `prev`).
 */
function upgrade(db: Database, version: number): void {
  if (version >= SCHEMA_VERSION) return;
  const columns = db.query("SELECT name FROM pragma_table_info('docs')").all() as Array<{ name: string }>;
  if (!columns.length) return;
  for (const name of ["docs_ai", "docs_ad", "docs_au"]) db.run(`DROP TRIGGER IF EXISTS ${name}`);
  db.run("DROP TABLE IF EXISTS docs_fts");
  const has = (name: string) => columns.some((c) => c.name === name);
  if (!has("terms")) {
    db.run("ALTER TABLE docs ADD COLUMN terms TEXT NOT NULL DEFAULT ''");
    const set = db.query("UPDATE docs SET terms = ?2 WHERE id = ?1");
    for (const row of db.query("SELECT id, body FROM docs").all() as Array<{ id: number; body: string }>)
      set.run(row.id, nameParts(row.body));
    set.finalize();
  }
  for (const name of ["prev", "next"])
    if (!has(name)) db.run(`ALTER TABLE docs ADD COLUMN ${name} TEXT NOT NULL DEFAULT ''`);
  db.run(LINK_ALL);
}

/** How long a statement waits for another process's lock on the file (two opencode processes start at once). */
export const RECALL_BUSY_TIMEOUT_MS = 5_000;

export function createSchema(db: Database): void {
  // first of all: every later statement may meet another process's lock, and must wait for it, not fail
  db.run(`PRAGMA busy_timeout = ${RECALL_BUSY_TIMEOUT_MS}`);
  // auto_vacuum only takes effect on a database that has no page yet, so it runs before any table exists
  db.run(DDL[0]!);
  db.run("PRAGMA journal_mode = WAL");
  // derived data: a power cut may cost the newest entries (or the file, which is then rebuilt), never the
  // conversation, which opencode keeps; an application crash loses nothing in WAL mode
  db.run("PRAGMA synchronous = OFF");
  db.run(SECURE_DELETE);
  db.transaction(() => {
    // read inside the write lock: a second process waits here, then finds the upgrade done
    const version = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
    upgrade(db, version);
    for (const sql of DDL.slice(1)) db.run(sql);
    if (version < SCHEMA_VERSION) {
      db.run("INSERT INTO docs_fts (docs_fts) VALUES ('rebuild')");
      db.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }
  }).immediate();
}
