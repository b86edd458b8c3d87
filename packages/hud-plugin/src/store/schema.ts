import type { Database } from "bun:sqlite";

/** Each entry upgrades the schema by one version; never edit a released entry, append a new one. */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE events (
       seq     INTEGER PRIMARY KEY AUTOINCREMENT,
       uid     TEXT    NOT NULL UNIQUE,
       stream  TEXT    NOT NULL,
       kind    TEXT    NOT NULL,
       payload TEXT    NOT NULL,
       at      INTEGER NOT NULL
     )`,
    `CREATE INDEX events_by_stream ON events (stream, seq)`,
    `CREATE TABLE sessions (
       session_id  TEXT    PRIMARY KEY,
       project_key TEXT    NOT NULL,
       parent_id   TEXT,
       created_at  INTEGER NOT NULL,
       updated_at  INTEGER NOT NULL
     )`,
    `CREATE INDEX sessions_by_project ON sessions (project_key, updated_at)`,
  ],
  // Which plugin instance last touched a session ("<pid>@<host>#<instance>"), so another one can tell a
  // session still open in a running process from one whose process is gone (the resume hint's rule).
  [`ALTER TABLE sessions ADD COLUMN holder TEXT`],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

function currentVersion(db: Database): number {
  const table = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get();
  if (!table) return 0;
  const row = db.query("SELECT version FROM schema_version WHERE id = 1").get() as { version: number } | null;
  return row?.version ?? 0;
}

/**
 * Brings the database to SCHEMA_VERSION. The version is read first without a write lock so that an
 * up-to-date database opens even while another process holds the write lock.
 * Returns the version found, which is greater than SCHEMA_VERSION when a newer plugin wrote the file.
 */
export function migrate(db: Database): number {
  const found = currentVersion(db);
  if (found >= SCHEMA_VERSION) return found;
  db.transaction(() => {
    db.run(
      "CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)",
    );
    // Another process may have migrated between the read above and the write lock.
    const from = currentVersion(db);
    for (let version = from; version < SCHEMA_VERSION; version++) {
      for (const sql of MIGRATIONS[version] ?? []) db.run(sql);
    }
    db.query(
      "INSERT INTO schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version",
    ).run(Math.max(from, SCHEMA_VERSION));
  }).immediate();
  return found;
}
