import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
} from "node:fs";
import { dirname, resolve } from "node:path";
import { defaultDir } from "./paths.ts";

/** The data folder: the owner only (it holds conversations). */
const FOLDER_MODE = 0o700;
/** The databases and their -wal/-shm: read and written by the owner only. */
const FILE_MODE = 0o600;
/** What the plugin keeps in its data folder: the databases, their side files and their set-aside copies. */
const OWN_ENTRY = /^(?:(?:hud|recall)\.db|agent-hud)/;

/** Says once per process which paths were tightened (an older version created them readable by others). */
export type TightenLog = (message: string) => void;
const told = new Set<string>();

/**
 * The data folder, a database or a side file that is a link. SQLite and chmod would follow it to a file
 * outside the folder (another program's file, a file of the person's that was never the plugin's), so
 * the store refuses it and runs degraded until the link is gone.
 */
export class LinkRefused extends Error {
  readonly code = "AGENT_HUD_LINK";
  constructor(path: string, kind: string) {
    super(`${path} is ${kind}; agent-hud does not follow links in its data folder (remove it to let the store open)`);
  }
}

/** Throws when `path` is a symbolic link, or a file with a second name (a hard link) somewhere else. */
export function refuseLink(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) throw new LinkRefused(path, "a symbolic link");
  if (st?.isFile() && st.nlink > 1) throw new LinkRefused(path, `a file with ${st.nlink} names (a hard link)`);
}

/**
 * Changes the mode only of something the process's user owns that is still the kind expected. A folder
 * is changed through a descriptor opened without following a link. A database file is checked with
 * lstat instead: closing any descriptor of a file drops every POSIX lock the process holds on it, so
 * opening one that SQLite has open in this process would release SQLite's locks.
 */
function tighten(path: string, mode: number, kind: "folder" | "file", log?: TightenLog): void {
  let fd: number | undefined;
  try {
    if (kind === "folder") fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_DIRECTORY);
    const st = fd === undefined ? lstatSync(path) : fstatSync(fd);
    const mine = process.getuid === undefined || st.uid === process.getuid();
    const expected = kind === "folder" ? st.isDirectory() : st.isFile() && st.nlink === 1;
    const current = st.mode & 0o777;
    if (!mine || !expected || (current & ~mode) === 0) return;
    if (fd === undefined) chmodSync(path, mode);
    else fchmodSync(fd, mode);
    if (log && !told.has(path)) {
      told.add(path);
      log(`made ${path} private (mode ${mode.toString(8)}, was ${current.toString(8)})`);
    }
  } catch {
    // a path another process removed meanwhile, or one not ours to change: the open reports what matters
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A folder the plugin may make private: one it just created, its default folder, or one holding nothing
 * but its own files. `storageDir: "~"` names the home folder, whose mode is the person's business.
 */
function ownsFolder(dir: string, created: boolean): boolean {
  if (created || resolve(dir) === resolve(defaultDir())) return true;
  try {
    return readdirSync(dir).every((name) => OWN_ENTRY.test(name));
  } catch {
    return false;
  }
}

/** Creates the data folder owner-only, or tightens an existing one that is the plugin's; never a link. */
export function privateFolder(dir: string, log?: TightenLog): void {
  refuseLink(dir);
  const created = mkdirSync(dir, { recursive: true, mode: FOLDER_MODE }) !== undefined;
  refuseLink(dir);
  // a shared folder keeps its mode (its databases are still 0600); `agent-hud doctor` shows the modes
  if (ownsFolder(dir, created)) tighten(dir, FOLDER_MODE, "folder", log);
}

/**
 * Before SQLite opens `path`: the folder owner-only, the file created owner-only if missing (SQLite gives
 * its -wal and -shm the mode of the database file), and an existing file and its side files tightened.
 * Throws `LinkRefused` when the folder, the file or a side file is a link.
 */
export function privateDatabase(path: string, log?: TightenLog): void {
  privateFolder(dirname(path), log);
  const sides = ["", "-wal", "-shm"].map((side) => `${path}${side}`);
  for (const file of sides) refuseLink(file);
  try {
    // O_EXCL: a link put in its place meanwhile is not followed (the create fails and the check below sees it)
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, FILE_MODE));
  } catch {
    // it exists (or another process created it at this moment); checked and tightened below
  }
  for (const file of sides) {
    refuseLink(file);
    tighten(file, FILE_MODE, "file", log);
  }
}

/** For a read-only open, which creates and tightens nothing: the folder, the file and its side files. */
export function refuseLinks(path: string): void {
  refuseLink(dirname(path));
  for (const side of ["", "-wal", "-shm"]) refuseLink(`${path}${side}`);
}
