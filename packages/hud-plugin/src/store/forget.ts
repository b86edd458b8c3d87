import { Database } from "bun:sqlite";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { refuseLinks } from "./private-files.ts";
import { scrub } from "./scrub.ts";

const TABLE = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?";

/**
 * Removes sessions from the plugin's database file: their HUD streams, their session rows and what the
 * person's views keep of them (`hud_shown`, `hud_switch`, the cache ledger). One transaction on a short connection of its
 * own, safe while other processes use the file (they wait on the lock, and read the change on their next
 * call). `reclaim` gives the freed pages back to the disk. Returns how many sessions had anything stored.
 */
export function forgetSessions(path: string, sessionIDs: readonly string[], reclaim = false, busyTimeoutMs = 2_000) {
  if (!existsSync(path) || sessionIDs.length === 0) return 0;
  refuseLinks(path);
  const db = new Database(path);
  try {
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    const has = (table: string) => db.query(TABLE).get(table) !== null;
    // [statement, what it is keyed by]: the HUD stream by stream name, the rest by session id
    const statements = [
      ["events", "DELETE FROM events WHERE stream = ?", (id: string) => `session:${id}`],
      ["sessions", "DELETE FROM sessions WHERE session_id = ?", (id: string) => id],
      ["hud_shown", "DELETE FROM hud_shown WHERE session_id = ?", (id: string) => id],
      ["hud_switch", "DELETE FROM hud_switch WHERE session_id = ?", (id: string) => id],
      ["hud_cache_calls", "DELETE FROM hud_cache_calls WHERE session_id = ?", (id: string) => id],
    ] as const;
    const present = statements.filter(([table]) => has(table)).map(([, sql, key]) => [db.query(sql), key] as const);
    let found = 0;
    db.transaction(() => {
      for (const id of sessionIDs) {
        let changes = 0;
        for (const [statement, key] of present) changes += statement.run(key(id)).changes;
        if (changes > 0) found++;
      }
    }).immediate();
    // the rebuilt file holds none of the removed rows' bytes, and the emptied -wal none either
    if (reclaim && found > 0) scrub(db);
    return found;
  } finally {
    db.close();
  }
}

// hud.db.corrupt-<stamp>, recall.db.broken-<stamp>, and their -wal/-shm: copies set aside for inspection
const QUARANTINED = /^(?:hud|recall)\.db\.(?:corrupt|broken)-[^/]+$/;

/**
 * Removes quarantined copies older than `days` from the data folder: they hold conversations too, and
 * retention applies to them like to the rest (a purge takes them all). Returns how many files went.
 */
export function pruneQuarantined(dir: string, days: number, now: number): number {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!QUARANTINED.test(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs >= now - days * 86_400_000) continue;
      rmSync(path, { force: true });
      removed++;
    } catch {
      // removed by another process meanwhile
    }
  }
  return removed;
}
