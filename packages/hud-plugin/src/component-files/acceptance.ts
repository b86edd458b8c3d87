import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { defaultDir } from "../store/paths.ts";
import { privateFolder, refuseLink } from "../store/private-files.ts";
import { repositoryHolding } from "../store/worktree.ts";

/** The person's decisions on component files, in their state folder (owner-only). */
export const ACCEPTED_FILE = "agent-hud-components.json";

/**
 * `${XDG_STATE_HOME:-~/.local/state}/agent-hud`: where the decisions live. No option moves it: a config
 * file an agent or a repository can write (`storageDir` among its keys) must not be able to point the gate
 * at a file of its own. A relative XDG_STATE_HOME is ignored, as the spec says.
 */
export function decisionsDir(env: Record<string, string | undefined> = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), ".local", "state");
  return join(base, "agent-hud");
}

/** The person's answer for one content of one file (entries an older version wrote as `start` are ignored). */
export type Decision = "accepted" | "rejected";
export type AcceptanceEntry = { path: string; sha256: string; decision: Decision; at: number };

/** Versions kept per file: the newest decisions, enough for edits back and forth. */
const KEEP_PER_FILE = 16;

export const sha256 = (bytes: string | Uint8Array): string =>
  new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

const isEntry = (v: unknown): v is AcceptanceEntry => {
  const e = v as AcceptanceEntry | null;
  return (
    typeof e?.path === "string" &&
    typeof e.sha256 === "string" &&
    /^[0-9a-f]{64}$/.test(e.sha256) &&
    (e.decision === "accepted" || e.decision === "rejected") &&
    typeof e.at === "number"
  );
};

export class AcceptanceStore {
  readonly file: string;
  /** Where versions before the state folder kept them (the default data folder), read once to move them. */
  private readonly legacy: string | undefined;
  private cache: { stamp: string; entries: AcceptanceEntry[] } | undefined;
  /** Why this folder decides nothing (it sits in a repository); every read and write throws it. */
  private refused: string | undefined;

  constructor(dir: string, legacyDir?: string) {
    this.file = join(dir, ACCEPTED_FILE);
    this.legacy = legacyDir === undefined ? undefined : join(legacyDir, ACCEPTED_FILE);
  }

  /**
   * The person's store: their state folder, taking over what the default data folder held before. Never a
   * configured `storageDir`: a folder named in a config file is no source of decisions, not even once.
   */
  static forPerson(env: Record<string, string | undefined> = process.env) {
    const dir = decisionsDir(env);
    const store = new AcceptanceStore(dir, defaultDir(env));
    store.refused = steeredIntoRepository(dir);
    return store;
  }

  /** Changes whenever the file is rewritten (each write is a rename, so the inode changes too). */
  stamp(): string {
    try {
      const st = statSync(this.file, { throwIfNoEntry: false });
      return st ? `${st.ino}-${st.mtimeMs}-${st.size}` : "none";
    } catch (error) {
      // read again at the next look; entries() reports why
      return `unreadable-${String(error)}`;
    }
  }

  /** Every entry; a missing file is none. Throws on a link or a file that is not this store's shape. */
  entries(): AcceptanceEntry[] {
    if (this.refused) throw new Error(this.refused);
    refuseLink(this.file);
    refuseShared(dirname(this.file));
    refuseShared(this.file);
    const stamp = this.stamp();
    if (this.cache?.stamp === stamp) return this.cache.entries;
    const entries = stamp === "none" ? (this.fromLegacy() ?? []) : readEntries(this.file);
    this.cache = { stamp: this.stamp(), entries };
    return entries;
  }

  /**
   * With no decisions here yet, those an older version kept in the data folder are copied here once (the
   * old file stays, for an older version still running); once this file exists the old one is never read.
   */
  private fromLegacy(): AcceptanceEntry[] | undefined {
    if (this.legacy === undefined || this.legacy === this.file || !existsSync(this.legacy)) return undefined;
    let entries;
    try {
      // XDG_DATA_HOME can come from a repository as XDG_STATE_HOME can: its file must not seed the decisions
      const why = steeredIntoRepository(dirname(this.legacy));
      if (why) throw new Error(why);
      refuseLink(this.legacy);
      refuseShared(this.legacy);
      entries = readEntries(this.legacy);
    } catch (error) {
      throw new Error(`${this.legacy} (your earlier decisions): ${(error as Error).message}`);
    }
    try {
      this.write(entries);
    } catch {
      // a state folder that cannot be written: the old file answers until it can
    }
    return entries;
  }

  /** The newest decision on this content of this file. */
  decision(path: string, hash: string): Decision | undefined {
    const entries = this.entries();
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (e.path === path && e.sha256 === hash) return e.decision;
    }
    return undefined;
  }

  /**
   * Adds decisions (a later one for the same content replaces the earlier) and writes the file owner-only,
   * through a new file renamed over the old, so a reader never sees half a file.
   */
  record(added: AcceptanceEntry[]): void {
    if (added.length === 0) return;
    const key = (e: AcceptanceEntry) => `${e.path}\0${e.sha256}`;
    const fresh = new Set(added.map(key));
    let entries = [...this.entries().filter((e) => !fresh.has(key(e))), ...added];
    const perFile = new Map<string, number>();
    entries = entries
      .reverse()
      .filter((e) => {
        const n = (perFile.get(e.path) ?? 0) + 1;
        perFile.set(e.path, n);
        return n <= KEEP_PER_FILE;
      })
      .reverse();
    this.write(entries);
  }

  private write(entries: AcceptanceEntry[]): void {
    privateFolder(dirname(this.file));
    refuseLink(this.file);
    const temp = `${this.file}.${process.pid}.${Date.now().toString(36)}.tmp`;
    const fd = openSync(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
    try {
      writeSync(fd, `${JSON.stringify({ version: 1, files: entries }, null, 1)}\n`);
    } finally {
      closeSync(fd);
    }
    try {
      renameSync(temp, this.file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    this.cache = undefined;
  }
}

/** A state folder inside a repository (see `repositoryHolding`): the repository's own file would decide. */
function steeredIntoRepository(dir: string): string | undefined {
  const worktree = repositoryHolding(dir);
  if (worktree === undefined) return undefined;
  return `${dir} is inside the git worktree ${worktree} (XDG_STATE_HOME, XDG_DATA_HOME or HOME points into a repository, whose files would decide); point it elsewhere`;
}

/** Another user's file or folder, or one others may write, is no place for the person's decisions. */
function refuseShared(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st) return;
  if (process.getuid && st.uid !== process.getuid()) throw new Error(`${path} is owned by another user`);
  if (st.mode & 0o022)
    throw new Error(`${path} is writable by others (mode ${(st.mode & 0o777).toString(8)}): chmod go-w it`);
}

function readEntries(file: string): AcceptanceEntry[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { files?: unknown };
  if (!Array.isArray(parsed.files)) throw new Error(`${file} has no "files" list`);
  return parsed.files.filter(isEntry);
}
