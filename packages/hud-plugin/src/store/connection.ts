import { constants, Database } from "bun:sqlite";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { classify, describe, retryBusy } from "./faults.ts";
import { DB_FILE, SIDE_FILES, stamp } from "./paths.ts";
import { LinkRefused, privateDatabase, privateFolder, refuseLinks } from "./private-files.ts";
import { SCHEMA_VERSION, migrate } from "./schema.ts";
import { SECURE_DELETE } from "./scrub.ts";
import { prepareStatements, type Statements } from "./statements.ts";
import type { StoreLog, StoreSeams } from "./types.ts";

/** An open database plus the identity of the file it was opened on (to notice deletion or replacement). */
export interface Connection {
  db: Database;
  stmts: Statements;
  readonly: boolean;
  dev: number;
  ino: number;
}

export interface OpenSettings {
  dir: string;
  busyTimeoutMs: number;
  log: StoreLog;
  seams: StoreSeams;
  now: () => number;
}

/** `readonlyBecause`: the read-write open failed and this read-only connection keeps history readable. */
export type OpenResult = { ok: true; conn: Connection; readonlyBecause?: unknown } | { ok: false; error: unknown };

export function dbPath(dir: string): string {
  return join(dir, DB_FILE);
}

/** True while the path still names the very file the connection has open. */
export function stillOnDisk(path: string, conn: Connection): boolean {
  const st = statSync(path, { throwIfNoEntry: false });
  return st !== undefined && st.ino === conn.ino && st.dev === conn.dev;
}

export function closeQuietly(conn: Connection | undefined): void {
  if (!conn) return;
  try {
    // Unfinalized statements would keep the handle (and its locks and WAL) alive until garbage collection.
    for (const stmt of Object.values(conn.stmts)) stmt.finalize();
    conn.db.close(false);
  } catch {
    // A connection that cannot close cleanly is abandoned; SQLite releases its locks when the handle goes.
  }
}

/** `immutable`: read-only without the -shm file, for a WAL database in a directory where it cannot be created. */
type OpenMode = "readwrite" | "readonly" | "immutable";

function openDatabase(path: string, mode: OpenMode, log?: (message: string) => void): Database {
  if (mode === "readwrite") {
    privateDatabase(path, log);
    return new Database(path, { create: true, readwrite: true });
  }
  refuseLinks(path);
  if (mode === "readonly") return new Database(path, { readonly: true });
  // Bun's own: node:url is a module of its own to load, ~3 ms of a cold hook process's start
  return new Database(
    `${Bun.pathToFileURL(path).href}?immutable=1`,
    constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI,
  );
}

function connect(path: string, s: OpenSettings, requested: OpenMode): Connection {
  const mode = requested === "readwrite" && s.seams.forceReadonly?.() ? "readonly" : requested;
  const forceReadonly = mode !== "readwrite";
  const db = openDatabase(path, mode, (message) => s.log("info", message));
  try {
    // PRAGMA takes no bound parameters; the value is a validated integer, never caller text.
    db.run(`PRAGMA busy_timeout = ${busyTimeout(s.busyTimeoutMs)}`);
    if (!forceReadonly) {
      // NORMAL in WAL mode survives a process crash (not a power cut) without an fsync per append.
      db.query("PRAGMA journal_mode = WAL").get();
      db.run("PRAGMA synchronous = NORMAL");
      db.run(SECURE_DELETE);
    }
    const check = db.query("PRAGMA quick_check").get() as { quick_check?: string } | null;
    if (check?.quick_check !== "ok") {
      throw Object.assign(new Error(`integrity check reported ${JSON.stringify(check?.quick_check ?? null)}`), {
        code: "SQLITE_CORRUPT",
      });
    }
    const found = forceReadonly ? SCHEMA_VERSION : migrate(db);
    if (found > SCHEMA_VERSION) {
      s.log("warn", `${path} has schema version ${found}, newer than ${SCHEMA_VERSION}; using it as is`);
    }
    s.seams.afterOpen?.(db);
    const st = statSync(path);
    return { db, stmts: prepareStatements(db), readonly: forceReadonly, dev: st.dev, ino: st.ino };
  } catch (err) {
    db.close(false);
    throw err;
  }
}

function busyTimeout(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(0, Math.floor(ms)), 600_000) : 1000;
}

/** Moves the database and its side files aside so a fresh one can be created; keeps them for inspection. */
export function quarantine(path: string, suffix: string, s: OpenSettings): string {
  const target = `${path}.${suffix}-${stamp(s.now())}`;
  for (const side of ["", ...SIDE_FILES]) {
    if (existsSync(path + side)) renameSync(path + side, target + side);
  }
  return target;
}

/**
 * After the database file was deleted, its -wal and -shm may still be held by another process that has
 * the deleted file open. A new database must not adopt them (SQLite would replay foreign WAL frames into
 * it), so they are unlinked; the holder keeps using them through its open descriptors.
 */
export function dropOrphanedSideFiles(path: string): void {
  for (const side of SIDE_FILES) {
    try {
      if (!existsSync(path)) rmSync(path + side, { force: true });
    } catch {
      // Nothing to drop when the directory itself is gone or unreadable.
    }
  }
}

/**
 * Opens (creating if needed) the database. A corrupt file is moved aside and replaced by a fresh one;
 * any other failure is returned for the caller to degrade on and retry later.
 */
export function openConnection(s: OpenSettings): OpenResult {
  const path = dbPath(s.dir);
  try {
    privateFolder(s.dir, (message) => s.log("info", message));
    // another process creating the same file at this moment is waited for, not taken for a fault
    return { ok: true, conn: retryBusy(() => connect(path, s, "readwrite")) };
  } catch (err) {
    // a link is refused outright: a read-only open would follow it just the same
    if (err instanceof LinkRefused) return { ok: false, error: err };
    if (classify(err) !== "corrupt") return openReadonly(path, s, err);
    try {
      const aside = quarantine(path, "corrupt", s);
      s.log("error", `${path} is corrupt (${describe(err)}); moved it to ${aside} and started a fresh database`);
      return { ok: true, conn: connect(path, s, "readwrite") };
    } catch (again) {
      return { ok: false, error: again };
    }
  }
}

/** E.g. an existing database in a directory that became read-only: its -wal cannot be created, but it can be read. */
function openReadonly(path: string, s: OpenSettings, cause: unknown): OpenResult {
  try {
    if (!existsSync(path)) return { ok: false, error: cause };
    return { ok: true, conn: connect(path, s, "readonly"), readonlyBecause: cause };
  } catch {
    try {
      return { ok: true, conn: connect(path, s, "immutable"), readonlyBecause: cause };
    } catch {
      // Not readable either: report the original failure.
    }
  }
  return { ok: false, error: cause };
}
