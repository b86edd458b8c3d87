import { Database } from "bun:sqlite";
import { join } from "node:path";
import { retryBusy } from "./faults.ts";
import { DB_FILE } from "./paths.ts";
import { privateDatabase } from "./private-files.ts";
import { parseBoardRender, type BoardRender, type BoardRenderKind } from "./board-render.ts";
import { LEDGER_TABLES, upgradeLedgerTable } from "../cache-ledger/table.ts";
import { SECURE_DELETE } from "./scrub.ts";

/** The project's row in `hud_switch`: a key no session id takes (`isSessionID`), so the two never meet. */
const projectSwitch = (projectKey: string) => `project:${projectKey}`;

export type BoardLog = (level: "warn" | "error", message: string) => void;

// Own tables beside the event log, created on first use: they hold views of the log (the latest
// renders) and a per-session switch, never events, so they need no migration of the log's schema.
const TABLES = [
  `CREATE TABLE IF NOT EXISTS hud_shown (
     session_id  TEXT    NOT NULL,
     kind        TEXT    NOT NULL,
     project_key TEXT    NOT NULL,
     at          INTEGER NOT NULL,
     shown       TEXT    NOT NULL,
     PRIMARY KEY (session_id, kind)
   )`,
  `CREATE INDEX IF NOT EXISTS hud_shown_by_project ON hud_shown (project_key, at)`,
  `CREATE TABLE IF NOT EXISTS hud_switch (
     session_id TEXT    PRIMARY KEY,
     off        INTEGER NOT NULL,
     at         INTEGER NOT NULL
   )`,
  ...LEDGER_TABLES,
];

/**
 * What the person's views read: the HUD each session was last shown and whether the HUD is switched off
 * for it. Shared by the server plugin (writes renders, reads the switch), the TUI (reads renders, writes
 * the switch) and the CLI, each in its own process, through SQLite (WAL). No method throws: a failure
 * is logged once and reads as "nothing known".
 */
export class HudBoard {
  private db: Database | undefined;
  private closed = false;
  private readonly failed = new Set<string>();
  /** How many kinds of operation have failed so far (0 while the database works). */
  get failures(): number {
    return this.failed.size;
  }

  private constructor(
    readonly path: string,
    private readonly log: BoardLog,
  ) {}

  static open(dir: string, log: BoardLog = () => {}): HudBoard {
    const board = new HudBoard(join(dir, DB_FILE), log);
    board.guard("open", () => retryBusy(() => board.connect(dir)), undefined);
    return board;
  }

  private connect(dir: string): Database {
    if (this.db) return this.db;
    privateDatabase(this.path);
    const db = new Database(this.path, { create: true, readwrite: true });
    try {
      db.run("PRAGMA busy_timeout = 1000");
      db.run("PRAGMA journal_mode = WAL");
      // a view of the log, rebuilt on the next call: losing the last write to a power cut costs nothing
      db.run("PRAGMA synchronous = NORMAL");
      db.run(SECURE_DELETE);
      for (const sql of TABLES) db.run(sql);
      upgradeLedgerTable(db);
    } catch (error) {
      db.close(false);
      throw error;
    }
    this.db = db;
    return db;
  }

  private guard<T>(what: string, run: () => T, fallback: T): T {
    // a render recorded after the hook returned can land after dispose: nothing to record it in, nothing to report
    if (this.closed) return fallback;
    try {
      return run();
    } catch (error) {
      if (!this.failed.has(what)) {
        this.failed.add(what);
        this.log("warn", `agent-hud board: ${what} failed: ${String(error)}`);
      }
      return fallback;
    }
  }

  /** Runs `run` on the open database; a failure is logged once per `what` and reads as `fallback`. */
  use<T>(what: string, run: (db: Database) => T, fallback: T): T {
    return this.guard(what, () => run(this.live), fallback);
  }

  private get live(): Database {
    if (!this.db) throw new Error(`the database ${this.path} is not open`);
    return this.db;
  }

  /** Records a render under one or more kinds, in one transaction (a reader never sees half of it). */
  publish(
    sessionID: string,
    projectKey: string,
    kinds: BoardRenderKind | readonly BoardRenderKind[],
    shown: BoardRender,
  ): void {
    this.publishJson(
      sessionID,
      projectKey,
      typeof kinds === "string" ? [kinds] : kinds,
      shown.at,
      JSON.stringify(shown),
    );
  }

  /** The same with the render already serialised (a `BoardRender`'s JSON, redacted); false if not written. */
  publishJson(
    sessionID: string,
    projectKey: string,
    kinds: readonly BoardRenderKind[],
    at: number,
    json: string,
  ): boolean {
    return this.guard(
      "publish",
      () => {
        const db = this.live;
        const upsert = db.query(
          `INSERT INTO hud_shown (session_id, kind, project_key, at, shown) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (session_id, kind) DO UPDATE SET project_key = excluded.project_key, at = excluded.at, shown = excluded.shown`,
        );
        db.transaction(() => {
          for (const kind of kinds) upsert.run(sessionID, kind, projectKey, at, json);
        })();
        return true;
      },
      false,
    );
  }

  /**
   * Rewrites rows that still hold what was written at `since` (the same render, its time moved to `at`), all
   * or none; false when any row changed since (another process wrote it), so the caller writes them anew.
   */
  retouch(
    sessionID: string,
    rows: ReadonlyArray<{ kind: BoardRenderKind; since: number; json: string }>,
    at: number,
  ): boolean {
    return this.guard(
      "publish",
      () => {
        const db = this.live;
        const update = db.query("UPDATE hud_shown SET at = ?, shown = ? WHERE session_id = ? AND kind = ? AND at = ?");
        const stale = new Error("stale");
        try {
          db.transaction(() => {
            for (const row of rows)
              if (update.run(at, row.json, sessionID, row.kind, row.since).changes !== 1) throw stale;
          })();
          return true;
        } catch (error) {
          if (error === stale) return false;
          throw error;
        }
      },
      false,
    );
  }

  latest(sessionID: string, kind: BoardRenderKind): BoardRender | undefined {
    return this.guard(
      "read",
      () => {
        const row = this.live
          .query("SELECT shown FROM hud_shown WHERE session_id = ? AND kind = ?")
          .get(sessionID, kind) as { shown: string } | null;
        return row ? parseBoardRender(row.shown) : undefined;
      },
      undefined,
    );
  }

  /** The session of a project shown a HUD most recently (what a CLI without a session id follows). */
  latestSession(projectKey?: string): string | undefined {
    return this.guard(
      "read",
      () => {
        const row = (
          projectKey
            ? this.live
                .query("SELECT session_id FROM hud_shown WHERE project_key = ? ORDER BY at DESC LIMIT 1")
                .get(projectKey)
            : this.live.query("SELECT session_id FROM hud_shown ORDER BY at DESC LIMIT 1").get()
        ) as { session_id: string } | null;
        return row?.session_id;
      },
      undefined,
    );
  }

  /**
   * Who switched the HUD off for a session: the session's own switch or its project's, whichever the person
   * set last (a session switched on after its project was switched off stays on, and the other way round).
   * Without `projectKey` the project is the one the session's renders were recorded under.
   */
  offBy(sessionID: string, projectKey?: string): "session" | "project" | undefined {
    return this.guard(
      "read",
      () => {
        const project =
          projectKey ??
          (
            this.live.query("SELECT project_key FROM hud_shown WHERE session_id = ? LIMIT 1").get(sessionID) as {
              project_key: string;
            } | null
          )?.project_key;
        const row = this.live
          .query(
            `SELECT session_id, off FROM hud_switch WHERE session_id IN (?, ?)
             ORDER BY at DESC, session_id = ? DESC LIMIT 1`,
          )
          .get(sessionID, projectSwitch(project ?? ""), sessionID) as { session_id: string; off: number } | null;
        if (row?.off !== 1) return undefined;
        return row.session_id === sessionID ? "session" : "project";
      },
      undefined,
    );
  }

  isOff(sessionID: string, projectKey?: string): boolean {
    return this.offBy(sessionID, projectKey) !== undefined;
  }

  setOff(sessionID: string, off: boolean, now: number): void {
    this.writeSwitch(sessionID, off, now);
  }

  /** The switch of every session of a project, but for those switched later on their own. */
  setProjectOff(projectKey: string, off: boolean, now: number): void {
    this.writeSwitch(projectSwitch(projectKey), off, now);
  }

  /** Whether the project's own switch is off (what `agent-hud off --project` set). */
  isProjectOff(projectKey: string): boolean {
    return this.guard(
      "read",
      () =>
        (
          this.live.query("SELECT off FROM hud_switch WHERE session_id = ?").get(projectSwitch(projectKey)) as {
            off: number;
          } | null
        )?.off === 1,
      false,
    );
  }

  private writeSwitch(key: string, off: boolean, now: number): void {
    this.guard(
      "switch",
      () =>
        this.live
          .query(
            // after every earlier switch even within one millisecond (or a clock set back): the last word holds
            `INSERT INTO hud_switch (session_id, off, at)
             VALUES (?, ?, max(?, coalesce((SELECT max(at) FROM hud_switch), 0) + 1))
             ON CONFLICT (session_id) DO UPDATE SET off = excluded.off, at = excluded.at`,
          )
          .run(key, off ? 1 : 0, now),
      undefined,
    );
  }

  /**
   * Changes whenever another connection commits to the database (SQLite's data_version): one cheap
   * pragma tells a poller whether there is anything to re-read.
   */
  version(): number {
    return this.guard(
      "version",
      () => (this.live.query("PRAGMA data_version").get() as { data_version: number }).data_version,
      -1,
    );
  }

  close(): void {
    this.closed = true;
    try {
      this.db?.close(false);
    } catch {
      // a handle that cannot close is dropped; SQLite releases it with the process
    }
    this.db = undefined;
  }
}
