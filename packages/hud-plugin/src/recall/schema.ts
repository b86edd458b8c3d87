import type { Database } from "bun:sqlite";

export const RECALL_FILE = "recall.db";

/**
 * The conversation index lives in its own file next to the event log: it is derived data (rebuilt from
 * opencode through the SDK client), written far more often than the log, and never worth a lock the
 * log's writers would wait on.
 *
 * `docs` holds one row per indexed text: a message part (user/assistant text, a tool call with its
 * output) or a HUD event. A message's `turn` counts the session's user messages up to it and `epoch` its
 * compactions (summary messages); a message that arrives older than one already stored (a catch-up after
 * a restart) marks the session for `renumber`, done in one pass before the session is next read.
 * `docs_fts` is an external-content FTS5 index over `docs.body`, kept in step by triggers. Its second
 * column, `scope`, holds one token for the session and one for the project, so a search intersects with
 * its session inside FTS5 before anything is ranked (the file holds every project of the user).
 */
const DDL = [
  `PRAGMA auto_vacuum = INCREMENTAL`,
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
     body    TEXT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS docs_by_session ON docs (session, at)`,
  `CREATE INDEX IF NOT EXISTS docs_by_message ON docs (message)`,
  `CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(
     body, scope, content = 'docs', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
   )`,
  `CREATE TRIGGER IF NOT EXISTS docs_ai AFTER INSERT ON docs BEGIN
     INSERT INTO docs_fts (rowid, body, scope) VALUES (new.id, new.body, new.scope);
   END`,
  `CREATE TRIGGER IF NOT EXISTS docs_ad AFTER DELETE ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, scope) VALUES ('delete', old.id, old.body, old.scope);
   END`,
  `CREATE TRIGGER IF NOT EXISTS docs_au AFTER UPDATE OF body ON docs BEGIN
     INSERT INTO docs_fts (docs_fts, rowid, body, scope) VALUES ('delete', old.id, old.body, old.scope);
     INSERT INTO docs_fts (rowid, body, scope) VALUES (new.id, new.body, new.scope);
   END`,
  `CREATE TABLE IF NOT EXISTS cursors (
     stream TEXT PRIMARY KEY,
     seq    INTEGER NOT NULL
   )`,
];

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
  db.transaction(() => {
    for (const sql of DDL.slice(1)) db.run(sql);
  }).immediate();
}
