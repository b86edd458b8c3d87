import {
  fileMatches,
  memoryItemsOf,
  parseMemoryFile,
  planRead,
  planWritten,
  writeMemoryFile,
  type HudEvent,
  type HudState,
  type ParsedMemoryFile,
} from "@agent-hud/hud-components";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { errorLine, type Logger } from "../log/index.ts";
import { contentHash, MEMORY_FILE, stampOf, writeAtomic, writeGitFile } from "./files.ts";

/** The project stream as the sync sees it: caught-up state, and an append that folds at once. */
export type ProjectPort = {
  state(): HudState;
  append(event: HudEvent): void;
};

export type MemoryFileOptions = { git: "share" | "ignore"; debounceMs?: number };

type Seen = { stamp: string; hash: string; parsed: ParsedMemoryFile };

/**
 * Keeps `.opencode/hud/memory.md` and the project's memory in step, both ways. Reads are cheap when
 * nothing changed (one stat), so they run before every HUD; writes are debounced after agent changes.
 * Every decision is made against the log's record of the file (`memoryFile` in the project state), not
 * against this process's memory, so several processes on one checkout agree and never undo each other.
 */
export class MemoryFileSync {
  readonly path: string;
  private seen: Seen | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private gitFileDone = false;
  private lastProblem: string | undefined;
  /** Project revision at the last full check: another process's change that never reached the file shows. */
  private checkedRev = -1;

  constructor(
    worktree: string,
    private readonly project: ProjectPort,
    private readonly options: MemoryFileOptions,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {
    this.path = join(worktree, MEMORY_FILE);
  }

  /** Applies a changed file (edit, pull, merge, checkout) as one `memory.sync` event; never throws. */
  read(): void {
    try {
      if (this.apply()) this.schedule();
    } catch (error) {
      this.log.once(`memory-read:${String(error)}`, "warn", `agent-hud: memory file not read: ${errorLine(error)}`);
    }
  }

  /** Reads and applies the file; true when the file lacks something the memory holds (a write is due). */
  private apply(): boolean {
    const before = this.seen;
    const seen = this.load();
    if (!seen) return memoryItemsOf(this.project.state()).length > 0;
    // the common case, before every HUD: same file, already the log's record of it, no project change since
    const state = this.project.state();
    if (seen === before && state.memoryFile?.hash === seen.hash && state.rev === this.checkedRev) return false;
    const event = planRead(state, seen.parsed, seen.hash, this.now(), MEMORY_FILE);
    if (event) this.project.append(event);
    if (event?.problem && event.problem !== this.lastProblem) this.log.log("warn", `agent-hud: ${event.problem}`);
    this.lastProblem = event?.problem ?? this.lastProblem;
    const after = this.project.state();
    this.checkedRev = after.rev;
    return !seen.parsed.conflicts && !fileMatches(after, seen.parsed);
  }

  /** An agent change to project items: write the file soon (changes in a burst make one write). */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.options.debounceMs ?? 150);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Writes now if a write is due (dispose, exit, the debounce timer); never throws. */
  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.write();
    } catch (error) {
      this.log.once(`memory-write:${String(error)}`, "warn", `agent-hud: memory file not written: ${errorLine(error)}`);
    }
  }

  private write(): void {
    // what the file says now goes in first, so a person's edit made since the last read is never overwritten
    this.apply();
    const seen = this.seen;
    const state = this.project.state();
    if (seen?.parsed.conflicts) return; // a merge is under way; the person resolves it first
    if (seen && fileMatches(state, seen.parsed)) return;
    const items = memoryItemsOf(state);
    const kept = (seen?.parsed.unread ?? []).map((part) => part.text);
    const text = writeMemoryFile(items, kept);
    writeAtomic(this.path, text);
    if (!this.gitFileDone) {
      this.gitFileDone = true;
      writeGitFile(dirname(this.path), this.options.git);
    }
    // a written file reads back as exactly its items (the round-trip property); only kept text needs a parse
    const parsed: ParsedMemoryFile = kept.length
      ? parseMemoryFile(text)
      : { items, unread: [], unreadKeys: new Set(), conflicts: false };
    const hash = contentHash(text);
    this.seen = { stamp: stampOf(this.path) ?? "", hash, parsed };
    this.project.append(planWritten(state, parsed, hash, this.now(), MEMORY_FILE));
  }

  /** The file, parsed again only when its stamp or content changed; undefined when there is none. */
  private load(): Seen | undefined {
    const stamp = stampOf(this.path);
    if (stamp === undefined) return (this.seen = undefined);
    if (this.seen?.stamp === stamp) return this.seen;
    const text = readFileSync(this.path, "utf8");
    const hash = contentHash(text);
    if (this.seen?.hash === hash) return (this.seen = { ...this.seen, stamp });
    return (this.seen = { stamp, hash, parsed: parseMemoryFile(text) });
  }
}
