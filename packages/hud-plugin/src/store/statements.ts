import type { Database, Statement } from "bun:sqlite";

export interface EventRow {
  seq: number;
  uid: string;
  stream: string;
  kind: string;
  payload: string;
  at: number;
}

/** A session as its row is stored; the pending buffer holds the same rows until the database confirms them. */
export interface SessionRow {
  sessionID: string;
  projectKey: string;
  parentID: string | null;
  createdAt: number;
  updatedAt: number;
  holder: string | null;
}

/** Every statement the store runs, prepared once per connection; values are always bound, never spliced. */
export interface Statements {
  insert: Statement<{ seq: number }>;
  seqOfUid: Statement<{ seq: number }>;
  seqTaken: Statement<{ seq: number }>;
  insertAt: Statement;
  readAfter: Statement<{ seq: number; payload: string }>;
  highestSeq: Statement<{ seq: number }>;
  bumpSeq: Statement;
  seedSeq: Statement;
  rowsBetween: Statement<EventRow>;
  upsertSession: Statement;
  allSessions: Statement<SessionRow>;
  recentSessions: Statement<{ sessionID: string; updatedAt: number; holder: string | null }>;
}

export function prepareStatements(db: Database): Statements {
  return {
    // ON CONFLICT(uid): a flush retried after an ambiguous failure must not record an event twice.
    insert: db.prepare(
      "INSERT INTO events (uid, stream, kind, payload, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING RETURNING seq",
    ),
    seqOfUid: db.prepare("SELECT seq FROM events WHERE uid = ?"),
    seqTaken: db.prepare("SELECT seq FROM events WHERE seq = ?"),
    insertAt: db.prepare("INSERT INTO events (seq, uid, stream, kind, payload, at) VALUES (?, ?, ?, ?, ?, ?)"),
    readAfter: db.prepare("SELECT seq, payload FROM events WHERE stream = ? AND seq > ? ORDER BY seq"),
    highestSeq: db.prepare(
      "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0), coalesce((SELECT max(seq) FROM events), 0)) AS seq",
    ),
    // Keeps seqs increasing across a recreated database, so readers' cursors stay valid.
    bumpSeq: db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?1) WHERE name = 'events'"),
    seedSeq: db.prepare(
      "INSERT INTO sqlite_sequence (name, seq) SELECT 'events', ?1 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events')",
    ),
    rowsBetween: db.prepare(
      "SELECT seq, uid, stream, kind, payload, at FROM events WHERE seq > ? AND seq <= ? ORDER BY seq",
    ),
    upsertSession: db.prepare(
      `INSERT INTO sessions (session_id, project_key, parent_id, created_at, updated_at, holder) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET
         project_key = excluded.project_key,
         parent_id   = coalesce(excluded.parent_id, sessions.parent_id),
         created_at  = min(sessions.created_at, excluded.created_at),
         holder      = CASE WHEN excluded.updated_at >= sessions.updated_at
                         THEN coalesce(excluded.holder, sessions.holder) ELSE sessions.holder END,
         updated_at  = max(sessions.updated_at, excluded.updated_at)`,
    ),
    allSessions: db.prepare(
      "SELECT session_id AS sessionID, project_key AS projectKey, parent_id AS parentID, created_at AS createdAt, updated_at AS updatedAt, holder FROM sessions",
    ),
    recentSessions: db.prepare(
      `SELECT session_id AS sessionID, updated_at AS updatedAt, holder FROM sessions
       WHERE project_key = ? AND session_id <> ? AND parent_id IS NULL ORDER BY updated_at DESC, rowid DESC LIMIT ?`,
    ),
  };
}
