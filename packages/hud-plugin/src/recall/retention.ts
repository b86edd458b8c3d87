import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { forgetSessions, pruneQuarantined } from "../store/forget.ts";
import { refuseLinks } from "../store/private-files.ts";

/**
 * Drops the HUD log of every session last touched before `cutoff` (events and session rows) from the
 * event store's database file, then rewrites the file so the space goes back to the disk. Project
 * streams are never touched: conventions, key files and project notes outlive any session.
 * Runs on its own short connection, after start-up, at most once per start.
 */
/** Without recall (`recall.enabled: false`) the HUD log's retention still runs once, a while after start. */
export function scheduleLogRetention(
  path: string,
  retention: Retention,
  now: () => number,
  onError: (error: unknown) => void,
  delayMs = 30_000,
): void {
  const timer = setTimeout(() => {
    try {
      pruneEventLog(path, retention, now());
    } catch (error) {
      onError(error);
    }
  }, delayMs);
  (timer as { unref?: () => void }).unref?.();
}

/**
 * How long sessions are kept: `days` for every project, and `own` for this project's sessions when its own
 * configuration says otherwise — a project's file never shortens another project's history.
 */
export type Retention = { days: number; own?: { projectKey: string; days: number } };

const DAY = 86_400_000;

/** The SQL condition and its values for "last touched before its project's cutoff". */
export function expiredWhere(retention: Retention, now: number, project: string, updated: string) {
  const all = now - retention.days * DAY;
  if (!retention.own) return { where: `${updated} < ?`, values: [all] as Array<string | number> };
  const own = now - retention.own.days * DAY;
  return {
    where: `((${project} = ? AND ${updated} < ?) OR (${project} <> ? AND ${updated} < ?))`,
    values: [retention.own.projectKey, own, retention.own.projectKey, all] as Array<string | number>,
  };
}

export function pruneEventLog(path: string, retention: Retention, now: number, busyTimeoutMs = 2_000): number {
  if (!existsSync(path)) return 0;
  refuseLinks(path);
  const db = new Database(path);
  let ids: string[];
  try {
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    const exists = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get();
    if (!exists) return 0;
    const { where, values } = expiredWhere(retention, now, "project_key", "updated_at");
    const rows = db.query(`SELECT session_id FROM sessions WHERE ${where}`).all(...values);
    ids = (rows as Array<{ session_id: string }>).map((r) => r.session_id);
  } finally {
    db.close();
  }
  // quarantined copies age out like the rest (the shortest window of any project applies to them)
  pruneQuarantined(dirname(path), Math.min(retention.days, retention.own?.days ?? retention.days), now);
  // the board's copies of those sessions go with them
  return forgetSessions(path, ids, true, busyTimeoutMs);
}
