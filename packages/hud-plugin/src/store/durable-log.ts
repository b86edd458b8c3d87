import {
  closeQuietly,
  dbPath,
  dropOrphanedSideFiles,
  openConnection,
  quarantine,
  stillOnDisk,
  type Connection,
  type OpenSettings,
} from "./connection.ts";
import { classify, describe, type FaultKind } from "./faults.ts";
import { LinkRefused } from "./private-files.ts";
import type { PendingBuffer } from "./pending.ts";
import { restore, salvage, withRecent, type Salvage } from "./salvage.ts";
import type { EventRow } from "./statements.ts";
import type { LastSession } from "./types.ts";

const RECENT_CAP = 10_000;

/**
 * The database side of the store: owns the connection, turns every SQLite failure into a logged,
 * retried degradation, and recovers from a deleted, replaced or corrupt file.
 */
export class DurableLog {
  readonly path: string;
  private conn: Connection | undefined;
  private needsReopen = false;
  /** Rows rescued from a deleted or damaged file, written back (seqs kept) once a database is open. */
  private salvaged: Salvage | undefined;
  /** Highest seq this process has seen; a recreated database continues after it so cursors stay valid. */
  private seqHigh = 0;
  /** This process's latest committed events, replayed into a replacement database if the file is lost. */
  private recent: EventRow[] = [];
  private retryAt = 0;
  private backoff: number;
  lastError: string | undefined;

  constructor(
    private readonly settings: OpenSettings,
    private readonly retryMin: number,
    private readonly pending: PendingBuffer,
  ) {
    this.path = dbPath(settings.dir);
    this.backoff = retryMin;
  }

  get writable(): boolean {
    return this.conn !== undefined && !this.needsReopen && !this.conn.readonly;
  }

  get readonly(): boolean {
    return this.conn?.readonly ?? false;
  }

  get unsavedRows(): number {
    return this.salvaged?.events.length ?? 0;
  }

  reconnect(): boolean {
    closeQuietly(this.conn);
    this.conn = undefined;
    const result = openConnection(this.settings);
    if (!result.ok) {
      this.fault(result.error, "open");
      return false;
    }
    this.conn = result.conn;
    this.needsReopen = result.conn.readonly;
    if (result.conn.readonly) {
      const cause =
        result.readonlyBecause ?? Object.assign(new Error("database opened read-only"), { code: "SQLITE_READONLY" });
      this.fault(cause, "open read-write");
    }
    return true;
  }

  /** Notices the database file being deleted or replaced under the open handle, and recreates it. */
  ensureLive(): void {
    const conn = this.conn;
    if (!conn || onDisk(this.path, conn)) return;
    this.settings.log("warn", `${this.path} was deleted or replaced while open; recreating it from the open handle`);
    this.rescue(conn);
    dropOrphanedSideFiles(this.path);
    // The rescued rows are written back by the caller's next write, ahead of anything buffered.
    this.reconnect();
  }

  /**
   * Writes salvaged rows, then every buffered event and session touch, in one transaction.
   * Returns the seqs of the buffered events, or undefined when the database could not take them.
   */
  write(force: boolean): number[] | undefined {
    if (this.pending.size === 0 && !this.salvaged) return [];
    if (!force && this.settings.now() < this.retryAt) return undefined;
    if ((!this.conn || this.needsReopen) && !this.reconnect()) return undefined;
    const conn = this.conn;
    if (!conn || conn.readonly) return undefined;
    try {
      if (this.salvaged) this.restoreSalvaged(conn);
      const snap = this.pending.snapshot();
      const { stmts } = conn;
      const seqs = conn.db
        .transaction(() => {
          const out: number[] = [];
          for (const e of snap.events) {
            const row = stmts.insert.get(e.uid, e.stream, e.kind, e.payload, e.at) ?? stmts.seqOfUid.get(e.uid);
            if (!row) throw new Error(`event ${e.uid} was neither inserted nor found`);
            out.push(row.seq);
          }
          for (const s of snap.sessions)
            stmts.upsertSession.run(s.sessionID, s.projectKey, s.parentID, s.createdAt, s.updatedAt, s.holder);
          return out;
        })
        .immediate();
      this.pending.confirm(snap.events.length, snap.sessions);
      snap.events.forEach((e, i) =>
        this.remember({ seq: seqs[i]!, uid: e.uid, stream: e.stream, kind: e.kind, payload: e.payload, at: e.at }),
      );
      this.recovered(seqs.length);
      return seqs;
    } catch (err) {
      this.fault(err, "write");
      return undefined;
    }
  }

  /** Durable rows of a stream after `after` (plus rescued rows not yet written back), in seq order. */
  read(stream: string, after: number): Array<{ seq: number; payload: string }> {
    let rows: Array<{ seq: number; payload: string }> = [];
    for (let attempt = 0; attempt < 2 && this.conn; attempt++) {
      try {
        rows = this.conn.stmts.readAfter.all(stream, after);
        break;
      } catch (err) {
        // After a corrupt file is replaced the fresh database is read once more.
        if (this.fault(err, "read") !== "corrupt") break;
      }
    }
    const rescued = (this.salvaged?.events ?? []).filter((row: EventRow) => row.stream === stream && row.seq > after);
    if (rescued.length > 0) rows = [...rows, ...rescued].sort((a, b) => a.seq - b.seq);
    for (const row of rows) this.saw(row.seq);
    return rows;
  }

  /** Where provisional seqs start: the highest seq in the database, or seen by this process. */
  highestSeq(): number {
    try {
      this.saw(this.conn?.stmts.highestSeq.get()?.seq ?? 0);
    } catch {
      // Unreadable database: continue after the highest seq this process has seen.
    }
    return this.seqHigh;
  }

  recentSessions(projectKey: string, excludeSessionID: string, limit: number): LastSession[] {
    try {
      const rows = this.conn?.stmts.recentSessions.all(projectKey, excludeSessionID, limit) ?? [];
      return rows.map((row) => ({
        sessionID: row.sessionID,
        updatedAt: row.updatedAt,
        ...(row.holder === null ? {} : { holder: row.holder }),
      }));
    } catch (err) {
      this.fault(err, "recentSessions");
      return [];
    }
  }

  close(): void {
    closeQuietly(this.conn);
    this.conn = undefined;
  }

  private remember(row: EventRow): void {
    this.saw(row.seq);
    this.recent.push(row);
    if (this.recent.length > 2 * RECENT_CAP) this.recent = this.recent.slice(-RECENT_CAP);
  }

  private saw(seq: number): void {
    if (seq > this.seqHigh) this.seqHigh = seq;
  }

  private restoreSalvaged(conn: Connection): void {
    const rows = this.salvaged;
    if (!rows) return;
    const written = restore(conn, rows, this.seqHigh);
    this.salvaged = undefined;
    const lost = rows.lost ? `; ${rows.lost} damaged range(s) could not be read` : "";
    this.settings.log("warn", `restored ${written} event(s) into ${this.path}${lost}`);
  }

  private recovered(flushed: number): void {
    if (this.lastError !== undefined) {
      this.settings.log("info", `${this.path} writable again; flushed ${flushed} buffered event(s)`);
    }
    this.lastError = undefined;
    this.backoff = this.retryMin;
    this.retryAt = 0;
  }

  private rescue(conn: Connection): void {
    let rows = withRecent(salvage(conn, this.seqHigh), this.recent);
    if (this.salvaged) rows = withRecent(rows, this.salvaged.events);
    this.salvaged = rows;
    closeQuietly(conn);
    if (this.conn === conn) this.conn = undefined;
  }

  /** Logs a failure, schedules the retry, and replaces a corrupt file; returns how it was classified. */
  private fault(err: unknown, op: string): FaultKind {
    const kind = classify(err);
    // a refused link stays until the person removes it: said once, not at every retry
    const again = err instanceof LinkRefused && this.lastError === `${op}: ${describe(err)}`;
    this.lastError = `${op}: ${describe(err)}`;
    this.retryAt = this.settings.now() + this.backoff;
    this.backoff = Math.min(Math.max(this.backoff * 2, this.retryMin), this.retryMin * 32);
    if (kind === "readonly" || kind === "io") this.needsReopen = true;
    const kept = `${this.pending.eventCount} event(s) kept in memory, will retry`;
    if (!again)
      this.settings.log(kind === "busy" ? "warn" : "error", `${op} failed (${this.lastError}); ${kept}`, { kind });
    if (kind === "corrupt" && this.conn) this.replaceCorrupt(this.conn);
    return kind;
  }

  /** Keeps what the damaged file still yields, moves it aside and continues on a fresh database. */
  private replaceCorrupt(conn: Connection): void {
    const sameFile = onDisk(this.path, conn);
    this.rescue(conn);
    if (sameFile) {
      try {
        const aside = quarantine(this.path, "corrupt", this.settings);
        this.settings.log("error", `${this.path} is corrupt; moved it to ${aside} and started a fresh database`);
      } catch (err) {
        this.settings.log(
          "error",
          `${this.path} is corrupt and could not be moved aside (${describe(err)}); staying in memory`,
        );
        return;
      }
    }
    this.reconnect();
  }
}

function onDisk(path: string, conn: Connection): boolean {
  try {
    return stillOnDisk(path, conn);
  } catch {
    return false;
  }
}
