import { existsSync } from "node:fs";
import { HudBoard, type BoardLog } from "../store/board.ts";
import { storageDirFor } from "../config/storage-dir.ts";
import type { ViewState } from "./sidebar-rows.ts";
import { readCalls, summaryOf } from "../cache-ledger/table.ts";
import type { LedgerCall, LedgerSummary } from "../cache-ledger/types.ts";

export type BoardReaderOptions = {
  /** The plugin's options as given to the TUI entry (only `storageDir` matters here). */
  options?: Record<string, unknown>;
  /** The project directory the server works in; a directory missing here means a remote server. */
  directory?: string;
  log?: BoardLog;
};

/**
 * The person's side of the board: what a session's HUD shows now and whether it is switched off. Cheap
 * to poll: `changed()` is one pragma, and the render is read only when another process wrote.
 */
export class BoardReader {
  readonly board: HudBoard;
  readonly dir: string;
  private readonly remote: boolean;
  private seen = Number.NaN;

  constructor(options: BoardReaderOptions = {}) {
    // the server's folder, found as the server finds it; the full option parser would pull the whole HUD
    // library into the TUI at load
    this.dir = storageDirFor(options.directory, options.options);
    this.remote = options.directory !== undefined && !existsSync(options.directory);
    this.board = HudBoard.open(this.dir, options.log);
  }

  /** True when the database changed since the last call (the first call always is). */
  changed(): boolean {
    const version = this.board.version();
    if (version === this.seen) return false;
    this.seen = version;
    return true;
  }

  view(sessionID: string): ViewState {
    if (this.remote) return { status: "remote", off: false };
    const shown = this.board.latest(sessionID, "current") ?? this.board.latest(sessionID, "received");
    const by = this.board.offBy(sessionID);
    if (by) return { status: "off", shown, off: true, by };
    return shown ? { status: "shown", shown, off: false } : { status: "none", off: false };
  }

  /** The session's cache ledger totals (one aggregate query). */
  ledgerSummary(sessionID: string): LedgerSummary | undefined {
    if (this.remote) return undefined;
    return this.board.use("cache ledger read", (db) => summaryOf(db, sessionID), undefined);
  }

  /** The session's calls, the newest `limit` of them. */
  ledger(sessionID: string, limit = 200): LedgerCall[] {
    if (this.remote) return [];
    return this.board.use("cache ledger read", (db) => readCalls(db, sessionID, limit), []);
  }

  setOff(sessionID: string, off: boolean): void {
    this.board.setOff(sessionID, off, Date.now());
    this.invalidate();
  }

  /** The next `changed()` is true: for writes made through this process's own connection. */
  invalidate(): void {
    this.seen = Number.NaN;
  }

  close(): void {
    this.board.close();
  }
}
