import type { Density } from "@agent-hud/hud-components";
import { closeSync, constants, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { privateFolder, refuseLink } from "../store/private-files.ts";

/** The renders kept for the next process, in the plugin's data folder (owner-only). */
export const RENDERS_FILE = "agent-hud-renders.json";
/** Components kept: the most recently rendered. */
const KEEP = 64;

type Entry = { at: number; densities: Partial<Record<Density, string>> };

/**
 * The last good render of each component (its sandbox JSON, checked again on the host when read), so the
 * first call of a new process — a restart, a resume, a Claude Code hook process — shows a component's last
 * render at once instead of waiting for the sandbox to start. Written after renders, never on a call's path.
 */
export class StoredRenders {
  private readonly file: string;
  private entries: Record<string, Entry> | undefined;
  private readonly dirty = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
  ) {
    this.file = join(dir, RENDERS_FILE);
  }

  /** The stored JSON of a component's render by density; nothing when the file is missing or unusable. */
  get(key: string): Entry["densities"] | undefined {
    return this.load()[key]?.densities;
  }

  put(key: string, density: Density, json: string): void {
    const entries = this.load();
    const entry = (entries[key] ??= { at: 0, densities: {} });
    entry.at = this.now();
    entry.densities[density] = json;
    this.dirty.add(key);
  }

  /** Writes what changed, merged into what other processes wrote meanwhile; failures only cost the next start. */
  flush(): void {
    if (!this.dirty.size) return;
    const mine = this.load();
    this.entries = undefined;
    const merged = this.load();
    for (const key of this.dirty) merged[key] = mine[key]!;
    this.dirty.clear();
    const kept = Object.entries(merged)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, KEEP);
    this.entries = Object.fromEntries(kept);
    try {
      privateFolder(this.dir);
      refuseLink(this.file);
      const temp = `${this.file}.${process.pid}.${Date.now().toString(36)}.tmp`;
      const fd = openSync(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
      try {
        writeSync(fd, JSON.stringify({ version: 1, renders: this.entries }));
      } finally {
        closeSync(fd);
      }
      try {
        renameSync(temp, this.file);
      } catch {
        rmSync(temp, { force: true });
      }
    } catch {
      // a data folder that cannot be written: the next process renders afresh
    }
  }

  private load(): Record<string, Entry> {
    if (this.entries) return this.entries;
    let entries: Record<string, Entry> = {};
    try {
      refuseLink(this.file);
      const parsed = JSON.parse(readFileSync(this.file, "utf8")) as { renders?: unknown };
      if (parsed.renders && typeof parsed.renders === "object") entries = parsed.renders as Record<string, Entry>;
    } catch {
      // missing or unusable: nothing stored
    }
    this.entries = entries;
    return entries;
  }
}
