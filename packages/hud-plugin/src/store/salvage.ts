import type { Connection } from "./connection.ts";
import type { EventRow, SessionRow } from "./statements.ts";

const CHUNK = 512;

export interface Salvage {
  events: EventRow[];
  sessions: SessionRow[];
  /** Seq ranges that could not be read (damaged pages). */
  lost: number;
}

/**
 * Reads whatever a connection can still see: the still-open handle of a deleted file sees all of it,
 * a damaged file gives up only the chunks whose pages fail.
 */
export function salvage(conn: Connection, knownHigh: number): Salvage {
  const out: Salvage = { events: [], sessions: [], lost: 0 };
  let high = knownHigh;
  try {
    high = Math.max(high, conn.stmts.highestSeq.get()?.seq ?? 0);
  } catch {
    // Fall back to the highest seq this process has seen.
  }
  for (let from = 0; from < high; from += CHUNK) {
    try {
      for (const row of conn.stmts.rowsBetween.all(from, Math.min(from + CHUNK, high))) out.events.push(row);
    } catch {
      out.lost += 1;
    }
  }
  try {
    out.sessions = conn.stmts.allSessions.all();
  } catch {
    out.lost += 1;
  }
  return out;
}

/**
 * Adds this process's own recent writes that the damaged file no longer yields, so a file destroyed
 * under the open handle loses nothing this process recorded.
 */
export function withRecent(rows: Salvage, recent: readonly EventRow[]): Salvage {
  const have = new Set(rows.events.map((r) => r.uid));
  const missing = recent.filter((r) => !have.has(r.uid));
  if (missing.length === 0) return rows;
  return { ...rows, events: [...rows.events, ...missing].sort((a, b) => a.seq - b.seq) };
}

/**
 * Writes salvaged rows into a (new) database in one transaction. Rows already present (same uid,
 * e.g. restored by another process that had the same file open) are skipped; a row keeps its seq
 * unless that seq now belongs to a different event. Returns how many rows were written.
 */
export function restore(conn: Connection, rows: Salvage, seqFloor: number): number {
  const { stmts } = conn;
  let written = 0;
  conn.db
    .transaction(() => {
      for (const row of rows.events) {
        if (stmts.seqOfUid.get(row.uid)) continue;
        if (stmts.seqTaken.get(row.seq)) {
          stmts.insert.get(row.uid, row.stream, row.kind, row.payload, row.at);
        } else {
          stmts.insertAt.run(row.seq, row.uid, row.stream, row.kind, row.payload, row.at);
        }
        written++;
      }
      for (const s of rows.sessions) {
        stmts.upsertSession.run(s.sessionID, s.projectKey, s.parentID, s.createdAt, s.updatedAt, s.holder);
      }
      stmts.seedSeq.run(seqFloor);
      stmts.bumpSeq.run(seqFloor);
    })
    .immediate();
  return written;
}
