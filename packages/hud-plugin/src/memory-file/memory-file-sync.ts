import type { HudEvent, HudState } from "@agent-hud/hud-components";
import {
  fileMatches,
  componentNamesOf,
  memoryItemsOf,
  planRead,
  planWritten,
  writeMemoryFile,
  type MemoryItem,
  type ParsedMemoryFile,
} from "@agent-hud/hud-components/memory-file";
import { secretShaped } from "../privacy/secret-shaped.ts";
import { dirname, join } from "node:path";
import { errorLine, type Logger } from "../log/index.ts";
import { contentHash, MEMORY_FILE, writeAtomic, writeGitFile } from "./files.ts";
import { loadedParser, loadParser } from "./parser.ts";
import { lstampOf, outsideWorktree, readMemoryText } from "./safe-read.ts";

/** The project stream as the sync sees it: caught-up state, and an append that folds at once. */
export type ProjectPort = {
  state(): HudState;
  append(event: HudEvent): void;
};

export type MemoryFileOptions = {
  git: "share" | "ignore";
  debounceMs?: number;
  /** Applied to the items and kept text before they are written (the privacy redactor). */
  redact?: <T>(value: T) => T;
};

/** The file as last read; `refused` says why it was not used (the project memory stays as it was). */
type Seen = { stamp: string; hash: string; parsed: ParsedMemoryFile; refused?: string };

const NOTHING: ParsedMemoryFile = { items: [], unread: [], unreadKeys: new Set(), conflicts: false };

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
  /** The file changed but the parser is still loading: nothing is decided (or written) until it is read. */
  private unreadChange = false;
  /** Project revision at the last full check: another process's change that never reached the file shows. */
  private checkedRev = -1;

  constructor(
    private readonly worktree: string,
    private readonly project: ProjectPort,
    private readonly options: MemoryFileOptions,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {
    this.path = join(worktree, MEMORY_FILE);
  }

  /**
   * Before an LLM call: if the file changed and the parser is not loaded yet, load it, so the call reads
   * the change. Never throws; a start without a memory file, or with an unchanged one, loads nothing.
   */
  async prepare(): Promise<void> {
    try {
      if (!loadedParser() && this.changed()) await loadParser();
    } catch (error) {
      this.log.once("memory-parser", "warn", `agent-hud: memory file parser not loaded: ${errorLine(error)}`);
    }
    this.read();
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
    if (this.unreadChange) return false;
    if (!seen) {
      const state = this.project.state();
      return memoryItemsOf(state).length > 0 || componentNamesOf(state).length > 0;
    }
    if (seen.refused) return this.refused(seen.refused);
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

  /**
   * A file that is not read (a link, too large, too deep, emptied): one line in the HUD and the log, the
   * project memory as it was, and no write over it. Nothing is due until the file changes.
   */
  private refused(reason: string): false {
    const state = this.project.state();
    const problem = `${MEMORY_FILE} ${reason}; project memory is unchanged and the file is left alone`;
    if (state.memoryFile?.problem === problem) return false;
    this.log.log("warn", `agent-hud: ${problem}`);
    this.project.append({
      kind: "memory.sync",
      at: this.now(),
      by: "memory-file",
      problem,
      hash: state.memoryFile?.hash ?? "",
      items: state.memoryFile?.items ?? {},
    });
    return false;
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
    // never write over a change not read yet: write once the parser has loaded and the change is in
    if (this.unreadChange)
      return void loadParser().then(
        () => this.schedule(),
        () => {},
      );
    const seen = this.seen;
    const state = this.project.state();
    if (seen?.refused) return; // never written over: the person decides what the file should be
    if (seen?.parsed.conflicts) return; // a merge is under way; the person resolves it first
    const outside = outsideWorktree(this.worktree, this.path);
    if (outside) return void this.refused(outside);
    if (seen && fileMatches(state, seen.parsed)) return;
    const redact = this.options.redact ?? (<T>(value: T) => value);
    const items = this.withholdSecretShaped(redact(memoryItemsOf(state)), redact);
    const kept = (seen?.parsed.unread ?? []).map((part) => redact(part.text));
    const components = componentNamesOf(state);
    const text = writeMemoryFile(items.written, kept, components);
    // a withheld item keeps the file from matching the state: the same text is not written again
    if (items.withheld.size > 0 && seen?.hash === contentHash(text)) return;
    const stamp = writeAtomic(this.path, text);
    if (!this.gitFileDone) {
      this.gitFileDone = true;
      writeGitFile(dirname(this.path), this.options.git);
    }
    // a written file reads back as exactly its items (the round-trip property); only kept text needs a parse
    const parse = loadedParser();
    // kept text came from a parse, so the parser is loaded whenever there is any
    const parsed: ParsedMemoryFile =
      kept.length && parse
        ? parse(text)
        : { items: items.written, unread: [], unreadKeys: new Set(), conflicts: false, components };
    const hash = contentHash(text);
    this.seen = { stamp, hash, parsed };
    this.project.append(planWritten(state, parsed, hash, this.now(), MEMORY_FILE, items.withheld));
  }

  /**
   * The strictest check on what the repository receives: an item whose text is still secret-shaped after
   * redaction is never written (the tool refuses such an item when the agent adds it; this catches any
   * other way in). Logged once per item.
   */
  private withholdSecretShaped(
    items: MemoryItem[],
    redact: <T>(value: T) => T,
  ): { written: MemoryItem[]; withheld: Set<string> } {
    const withheld = new Set<string>();
    const text = (value: string) => redact(value);
    for (const item of items) {
      const why =
        secretShaped(text, item.text) ?? (item.detail === undefined ? undefined : secretShaped(text, item.detail));
      if (!why) continue;
      withheld.add(item.key);
      this.log.once(
        `memory-withheld:${item.key}`,
        "warn",
        `agent-hud: ${MEMORY_FILE}: item ${item.key} not written: it holds ${why} after redaction`,
      );
    }
    return { written: withheld.size ? items.filter((item) => !withheld.has(item.key)) : items, withheld };
  }

  /** Whether the file's stamp differs from the one last read (a parse may be due). */
  private changed(): boolean {
    const stamp = lstampOf(this.path);
    return stamp !== undefined && stamp !== this.seen?.stamp;
  }

  /**
   * The file, parsed again only when its stamp or content changed; undefined when there is none. Until the
   * parser has loaded (started here, in the background) a changed file counts as not read yet: the last
   * reading stands and the next call reads it.
   */
  private load(): Seen | undefined {
    this.unreadChange = false;
    const stamp = lstampOf(this.path);
    if (stamp === undefined) return (this.seen = undefined);
    if (this.seen?.stamp === stamp) return this.seen;
    const file = readMemoryText(this.worktree, this.path);
    if (file.kind === "missing") return (this.seen = undefined);
    if (file.kind === "refused")
      return (this.seen = { stamp: file.stamp, hash: `refused:${file.reason}`, parsed: NOTHING, refused: file.reason });
    const hash = contentHash(file.text);
    if (this.seen?.hash === hash) return (this.seen = { ...this.seen, stamp: file.stamp });
    const parse = loadedParser();
    if (!parse) {
      this.unreadChange = true;
      void loadParser().catch(() => {});
      return this.seen;
    }
    try {
      return (this.seen = { stamp: file.stamp, hash, parsed: parse(file.text) });
    } catch (error) {
      // recorded with its stamp: a file the parser cannot take is not parsed again on every call
      const reason = `could not be parsed (${errorLine(error)})`;
      return (this.seen = { stamp: file.stamp, hash, parsed: NOTHING, refused: reason });
    }
  }
}
