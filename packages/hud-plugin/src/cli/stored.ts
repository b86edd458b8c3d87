import { Database } from "bun:sqlite";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DB_FILE } from "../store/paths.ts";
import { RECALL_FILE } from "../recall/schema.ts";
import { refuseLinks } from "../store/private-files.ts";

/** One project's share of what the plugin keeps. */
export type ProjectData = {
  projectKey: string;
  sessions: number;
  events: number;
  indexed: number;
  bytes: number;
  oldest?: number;
  newest?: number;
};

/** A session as `purge` selects it. */
export type StoredSession = { sessionID: string; projectKey: string; updatedAt: number; events: number };

/** Opens one of the plugin's files for reading while opencode may be writing it (WAL readers never block). */
function reader(path: string): Database | undefined {
  if (!existsSync(path)) return undefined;
  refuseLinks(path);
  const db = new Database(path, { readonly: true });
  db.run("PRAGMA busy_timeout = 2000");
  return db;
}

const hasTable = (db: Database, name: string) =>
  db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== null;

/**
 * Every session the HUD log holds, with its project, last activity and event count: sessions with a row
 * (touched by an LLM call) and streams without one (only `hud` calls so far, project unknown).
 */
export function storedSessions(dir: string): StoredSession[] {
  const db = reader(join(dir, DB_FILE));
  if (!db) return [];
  try {
    if (!hasTable(db, "events") || !hasTable(db, "sessions")) return [];
    return db
      .query(
        `WITH streams AS (
           SELECT substr(stream, 9) AS id, count(*) AS events, max(at) AS last FROM events
           WHERE stream LIKE 'session:%' GROUP BY stream)
         SELECT s.session_id AS sessionID, s.project_key AS projectKey, s.updated_at AS updatedAt,
                coalesce(t.events, 0) AS events
         FROM sessions s LEFT JOIN streams t ON t.id = s.session_id
         UNION ALL
         SELECT t.id, '?', t.last, t.events FROM streams t
         WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = t.id)
         ORDER BY 3`,
      )
      .all() as StoredSession[];
  } finally {
    db.close();
  }
}

/** Per project: sessions, events, indexed texts, bytes of stored text, oldest and newest activity. */
export function storedData(dir: string): ProjectData[] {
  const projects = new Map<string, ProjectData>();
  const of = (key: string) =>
    projects.get(key) ?? projects.set(key, { projectKey: key, sessions: 0, events: 0, indexed: 0, bytes: 0 }).get(key)!;
  for (const s of storedSessions(dir)) {
    const p = of(s.projectKey);
    p.sessions++;
    p.events += s.events;
    p.oldest = Math.min(p.oldest ?? s.updatedAt, s.updatedAt);
    p.newest = Math.max(p.newest ?? s.updatedAt, s.updatedAt);
  }
  const hud = reader(join(dir, DB_FILE));
  try {
    if (hud && hasTable(hud, "events")) {
      const rows = hud
        .query(
          `SELECT CASE WHEN stream LIKE 'project:%' THEN substr(stream, 9) ELSE coalesce(
                    (SELECT project_key FROM sessions WHERE session_id = substr(stream, 9)), '?') END AS key,
                  sum(length(payload)) AS bytes, sum(stream LIKE 'project:%') AS memory
           FROM events GROUP BY key`,
        )
        .all() as Array<{ key: string; bytes: number; memory: number }>;
      for (const r of rows) {
        const p = of(r.key);
        p.bytes += r.bytes;
        p.events += r.memory;
      }
    }
  } finally {
    hud?.close();
  }
  const recall = reader(join(dir, RECALL_FILE));
  try {
    if (recall && hasTable(recall, "docs")) {
      const rows = recall
        .query("SELECT project AS key, count(*) AS n, sum(length(body)) AS bytes FROM docs GROUP BY project")
        .all() as Array<{ key: string; n: number; bytes: number }>;
      for (const r of rows) {
        const p = of(r.key);
        p.indexed += r.n;
        p.bytes += r.bytes;
      }
    }
  } finally {
    recall?.close();
  }
  return [...projects.values()].sort((a, b) => (b.newest ?? 0) - (a.newest ?? 0));
}

/** The plugin's files in the data folder, quarantined copies included, with their sizes. */
export function storedFiles(dir: string): Array<{ name: string; bytes: number }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(DB_FILE) || name.startsWith(RECALL_FILE))
    .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
