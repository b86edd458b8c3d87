import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync, constants } from "node:fs";
import { dirname, join } from "node:path";
import { privateFolder, refuseLink } from "../store/private-files.ts";

/** The person's decisions on component files, in the plugin's data folder (owner-only). */
export const ACCEPTED_FILE = "agent-hud-components.json";

/** The person's answer for one content of one file (entries an older version wrote as `start` are ignored). */
export type Decision = "accepted" | "rejected";
export type AcceptanceEntry = { path: string; sha256: string; decision: Decision; at: number };

/** Versions kept per file: the newest decisions, enough for edits back and forth. */
const KEEP_PER_FILE = 16;

export const sha256 = (bytes: string | Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

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
  private cache: { stamp: string; entries: AcceptanceEntry[] } | undefined;

  constructor(dataDir: string) {
    this.file = join(dataDir, ACCEPTED_FILE);
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
    const stamp = this.stamp();
    if (this.cache?.stamp === stamp) return this.cache.entries;
    refuseLink(this.file);
    let entries: AcceptanceEntry[] = [];
    if (stamp !== "none") {
      const parsed = JSON.parse(readFileSync(this.file, "utf8")) as { files?: unknown };
      if (!Array.isArray(parsed.files)) throw new Error(`${this.file} has no "files" list`);
      entries = parsed.files.filter(isEntry);
    }
    this.cache = { stamp, entries };
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
