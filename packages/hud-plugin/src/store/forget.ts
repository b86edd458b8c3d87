import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";

const TABLE = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?";

/**
 * Removes sessions from the plugin's database file: their HUD streams, their session rows and what the
 * person's views keep of them (`hud_shown`, `hud_switch`). One transaction on a short connection of its
 * own, safe while other processes use the file (they wait on the lock, and read the change on their next
 * call). `reclaim` gives the freed pages back to the disk. Returns how many sessions had anything stored.
 */
export function forgetSessions(path: string, sessionIDs: readonly string[], reclaim = false, busyTimeoutMs = 2_000) {
  if (!existsSync(path) || sessionIDs.length === 0) return 0;
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
    if (reclaim && found > 0) {
      db.run("VACUUM");
      // in WAL mode the rewritten pages sit in the -wal file until a checkpoint moves them back
      db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    return found;
  } finally {
    db.close();
  }
}
