import type { Database } from "bun:sqlite";
import type { Attribution, LedgerCall, LedgerSummary, Loss } from "./types.ts";
import { hitShare } from "./usage.ts";

// One row per model call: numbers and the bust's cause only, never request text, so nothing here needs redaction.
export const LEDGER_TABLES = [
  `CREATE TABLE IF NOT EXISTS hud_cache_calls (
     session_id  TEXT    NOT NULL,
     call        INTEGER NOT NULL,
     id          TEXT    NOT NULL,
     project_key TEXT    NOT NULL,
     at          INTEGER NOT NULL,
     input       INTEGER NOT NULL,
     output      INTEGER NOT NULL,
     cache_read  INTEGER NOT NULL,
     cache_write INTEGER NOT NULL,
     spent       REAL,
     saved       REAL,
     bust        TEXT,
     loss        TEXT,
     PRIMARY KEY (session_id, call)
   )`,
  `CREATE INDEX IF NOT EXISTS hud_cache_calls_by_project ON hud_cache_calls (project_key, at)`,
];

/**
 * A file made before calls had a `loss` gets the column (a view of the log, no migration of its schema):
 * two processes may race here, and the loser's "duplicate column" is the outcome it wanted.
 */
export function upgradeLedgerTable(db: Database): void {
  const columns = db.query("SELECT name FROM pragma_table_info('hud_cache_calls')").all() as Array<{ name: string }>;
  if (columns.some((c) => c.name === "loss")) return;
  try {
    db.run("ALTER TABLE hud_cache_calls ADD COLUMN loss TEXT");
  } catch (error) {
    if (!/duplicate column/i.test(String(error))) throw error;
  }
}

type Row = {
  call: number;
  id: string;
  at: number;
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
  spent: number | null;
  saved: number | null;
  bust: string | null;
  loss: string | null;
};

export function writeCall(db: Database, sessionID: string, projectKey: string, c: LedgerCall): void {
  db.query(
    `INSERT INTO hud_cache_calls (session_id, call, id, project_key, at, input, output, cache_read, cache_write, spent, saved, bust, loss)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id, call) DO UPDATE SET id = excluded.id, at = excluded.at, input = excluded.input,
       output = excluded.output, cache_read = excluded.cache_read, cache_write = excluded.cache_write,
       spent = excluded.spent, saved = excluded.saved, bust = excluded.bust, loss = excluded.loss`,
  ).run(
    sessionID,
    c.call,
    c.id,
    projectKey,
    c.at,
    c.usage.input,
    c.usage.output,
    c.usage.cacheRead,
    c.usage.cacheWrite,
    c.spent ?? null,
    c.saved ?? null,
    c.bust ? JSON.stringify(c.bust) : null,
    c.loss ? JSON.stringify(c.loss) : null,
  );
}

function parseBust<T extends Attribution>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as T;
    return typeof value?.cause === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The session's calls in order (the newest `limit` of them when given). */
export function readCalls(db: Database, sessionID: string, limit = 100_000): LedgerCall[] {
  const rows = db
    .query(
      `SELECT * FROM (SELECT call, id, at, input, output, cache_read, cache_write, spent, saved, bust, loss
       FROM hud_cache_calls WHERE session_id = ? ORDER BY call DESC LIMIT ?) ORDER BY call`,
    )
    .all(sessionID, limit) as Row[];
  return rows.map((r) => {
    const bust = parseBust(r.bust);
    const loss = parseBust<Loss>(r.loss);
    return {
      call: r.call,
      id: r.id,
      at: r.at,
      usage: { input: r.input, output: r.output, cacheRead: r.cache_read, cacheWrite: r.cache_write },
      ...(r.spent !== null ? { spent: r.spent } : {}),
      ...(r.saved !== null ? { saved: r.saved } : {}),
      ...(loss && typeof loss.tokens === "number" ? { loss } : {}),
      ...(bust ? { bust } : {}),
    };
  });
}

/** The session of a project (or of any project) whose latest call was recorded last. */
export function latestLedgerSession(db: Database, projectKey?: string): string | undefined {
  const row = (
    projectKey
      ? db
          .query("SELECT session_id FROM hud_cache_calls WHERE project_key = ? ORDER BY at DESC LIMIT 1")
          .get(projectKey)
      : db.query("SELECT session_id FROM hud_cache_calls ORDER BY at DESC LIMIT 1").get()
  ) as { session_id: string } | null;
  return row?.session_id;
}

/** The session's totals in one aggregate query: what the sidebar reads on every change, without the rows. */
export function summaryOf(db: Database, sessionID: string): LedgerSummary {
  const r = db
    .query(
      `SELECT count(*) AS calls, count(bust) AS busts,
         count(CASE WHEN bust IS NULL AND loss ->> '$.cause' <> 'tail' THEN 1 END) AS partial,
         coalesce(sum(CASE WHEN loss ->> '$.cause' <> 'tail' THEN loss ->> '$.tokens' END), 0) AS lost,
         coalesce(sum(input), 0) AS input, coalesce(sum(output), 0) AS output,
         coalesce(sum(cache_read), 0) AS cache_read, coalesce(sum(cache_write), 0) AS cache_write,
         sum(spent) AS spent, sum(saved) AS saved
       FROM hud_cache_calls WHERE session_id = ?`,
    )
    .get(sessionID) as Omit<Row, "call" | "id" | "at" | "bust" | "loss"> & {
    calls: number;
    busts: number;
    partial: number;
    lost: number;
  };
  const usage = { input: r.input, output: r.output, cacheRead: r.cache_read, cacheWrite: r.cache_write };
  return {
    calls: r.calls,
    busts: r.busts,
    partial: r.partial,
    lost: r.lost,
    ...usage,
    hitShare: hitShare(usage),
    ...(r.spent !== null ? { spent: r.spent } : {}),
    ...(r.saved !== null ? { saved: r.saved } : {}),
  };
}
