import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** The data folder: the owner only (it holds conversations). */
const FOLDER_MODE = 0o700;
/** The databases and their -wal/-shm: read and written by the owner only. */
const FILE_MODE = 0o600;

/** Says once per process which paths were tightened (an older version created them readable by others). */
export type TightenLog = (message: string) => void;
const told = new Set<string>();

function tighten(path: string, mode: number, log?: TightenLog): void {
  try {
    const current = statSync(path).mode & 0o777;
    if ((current & ~mode) === 0) return;
    chmodSync(path, mode);
    if (log && !told.has(path)) {
      told.add(path);
      log(`made ${path} private (mode ${mode.toString(8)}, was ${current.toString(8)})`);
    }
  } catch {
    // a path another process removed meanwhile, or one not ours to change: the open reports what matters
  }
}

/** Creates the data folder owner-only, or tightens an existing one. */
export function privateFolder(dir: string, log?: TightenLog): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  tighten(dir, FOLDER_MODE, log);
}

/**
 * Before SQLite opens `path`: the folder owner-only, the file created owner-only if missing (SQLite gives
 * its -wal and -shm the mode of the database file), and an existing file and its side files tightened.
 */
export function privateDatabase(path: string, log?: TightenLog): void {
  privateFolder(dirname(path), log);
  if (!existsSync(path)) {
    try {
      closeSync(openSync(path, "a", FILE_MODE));
    } catch {
      // created by another process at the same moment; tightened below like any existing file
    }
  }
  for (const side of ["", "-wal", "-shm"]) if (existsSync(`${path}${side}`)) tighten(`${path}${side}`, FILE_MODE, log);
}
