import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";

/**
 * Drops the HUD log of every session last touched before `cutoff` (events and session rows) from the
 * event store's database file, then rewrites the file so the space goes back to the disk. Project
 * streams are never touched: conventions, key files and project notes outlive any session.
 * Runs on its own short connection, after start-up, at most once per start.
 */
/** Without recall (`recall.enabled: false`) the HUD log's retention still runs once, a while after start. */
export function scheduleLogRetention(
  path: string,
  retentionDays: number,
  now: () => number,
  onError: (error: unknown) => void,
  delayMs = 30_000,
): void {
  const timer = setTimeout(() => {
    try {
      pruneEventLog(path, now() - retentionDays * 86_400_000);
    } catch (error) {
      onError(error);
    }
  }, delayMs);
  (timer as { unref?: () => void }).unref?.();
}

export function pruneEventLog(path: string, cutoff: number, busyTimeoutMs = 2_000): number {
  if (!existsSync(path)) return 0;
  const db = new Database(path);
  try {
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    const exists = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get();
    if (!exists) return 0;
    const ids = (
      db.query("SELECT session_id FROM sessions WHERE updated_at < ?").all(cutoff) as Array<{ session_id: string }>
    ).map((r) => r.session_id);
    if (!ids.length) return 0;
    const dropEvents = db.query("DELETE FROM events WHERE stream = ?");
    const dropSession = db.query("DELETE FROM sessions WHERE session_id = ?");
    db.transaction(() => {
      for (const id of ids) {
        dropEvents.run(`session:${id}`);
        dropSession.run(id);
      }
    }).immediate();
    db.run("VACUUM");
    // in WAL mode the rewritten pages sit in the -wal file until a checkpoint moves them back
    db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    return ids.length;
  } finally {
    db.close();
  }
}
