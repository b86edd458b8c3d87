import type { HandleArgs, SearchArgs } from "@agent-hud/hud-components";
import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { errorLine } from "../log/index.ts";
import { Refusal } from "../log/refusal.ts";
import { classify, describe } from "../store/faults.ts";
import type { EventReader } from "../store/ports.ts";
import { compactionLines, hitLines, readText } from "./lines.ts";
import type { HostEvent } from "../events/host-event.ts";
import { RecallIndex } from "./recall-index.ts";
import { pruneEventLog } from "./retention.ts";
import { RECALL_FILE } from "./schema.ts";

const DEFAULT_LIMIT = 8;
const DAY = 86_400_000;
/** A search waits this long at most for its session's catch-up through the host's history. */
const SYNC_WAIT_MS = 3_000;
const SYNC_SLICE = 100;

/** What the host reads back for the catch-up (never a host's database file). */
export type { RecallHistory, RecallOptions } from "./types.ts";
import type { RecallOptions } from "./types.ts";

/**
 * Recall: the agent's way back to what compaction took out of its prompt. The host's events (the port's
 * messages and parts) keep the index current; at the first idle moment, sessions that changed while no
 * plugin was watching are read back through the host's history, and sessions older than the retention
 * window are dropped. No method throws.
 */
export class Recall {
  private readonly synced = new Map<string, Promise<void>>();
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private closed = false;
  /** Set by `start`: how long after the first idle moment the catch-up runs. */
  private idleDelayMs: number | undefined;
  private caughtUp = false;

  private constructor(
    private current: RecallIndex,
    private readonly options: RecallOptions,
  ) {}

  /** The index; replaced by a fresh one when the file turns out corrupt while the plugin runs. */
  get index(): RecallIndex {
    return this.current;
  }

  /**
   * The index is derived data: a corrupt file is set aside and rebuilt through the host's history; its WAL and
   * shared memory go with it (renamed, not deleted: a process holding them keeps its own handles).
   */
  private static setAside(options: RecallOptions): RecallIndex {
    const path = join(options.dir, RECALL_FILE);
    const stamp = options.now();
    for (const side of ["", "-wal", "-shm"])
      if (existsSync(`${path}${side}`)) renameSync(`${path}${side}`, `${path}.broken-${stamp}${side}`);
    return RecallIndex.open(options.dir, options.projectKey, options.redact);
  }

  static open(options: RecallOptions): Recall | undefined {
    try {
      return new Recall(RecallIndex.open(options.dir, options.projectKey, options.redact), options);
    } catch (first) {
      // busy, locked, read-only, full: another process or the disk, not the file; setting the file aside
      // would pull it from under a process that has it open
      if (classify(first) !== "corrupt") {
        options.log.log("error", `agent-hud recall: index unavailable, search is off: ${describe(first)}`);
        return undefined;
      }
      try {
        const recall = new Recall(Recall.setAside(options), options);
        options.log.log("warn", `agent-hud recall: index was unreadable (${errorLine(first)}); rebuilding it`);
        return recall;
      } catch (error) {
        options.log.log("error", `agent-hud recall: index unavailable, search is off: ${errorLine(error)}`);
        return undefined;
      }
    }
  }

  private guard(what: string, body: () => void): void {
    // a read-back still running when the plugin is disposed has nowhere to write
    if (this.closed) return;
    try {
      body();
    } catch (error) {
      this.options.log.once(`recall:${what}`, "warn", `agent-hud recall: ${what} failed: ${errorLine(error)}`);
      if (classify(error) === "corrupt") this.rebuild(error);
    }
  }

  /** Runs SQLite's quick check on the index; a corrupt file is set aside and rebuilt. Never throws. */
  verify(): void {
    this.guard("integrity check", () => this.index.verify());
  }

  /** Corrupt while running: a fresh index now, read back from opencode at the next catch-up or search. */
  private rebuild(cause: unknown): void {
    try {
      this.current.close();
      this.current = Recall.setAside(this.options);
      this.synced.clear();
      this.caughtUp = false;
      this.later(0);
      this.options.log.log("warn", `agent-hud recall: index turned out corrupt (${errorLine(cause)}); rebuilding it`);
    } catch (error) {
      this.options.log.once(
        "recall:rebuild",
        "error",
        `agent-hud recall: rebuilding the index failed: ${errorLine(error)}`,
      );
    }
  }

  /** Every host event goes through here; messages and parts are indexed, the rest ignored. */
  observe(event: HostEvent): void {
    switch (event.kind) {
      case "message":
        return this.guard("indexing a message", () => this.index.message(event));
      case "text":
      case "tool":
      case "subtask":
        return this.guard("indexing a part", () => this.index.part(event));
      // a deleted session leaves nothing searchable behind
      case "session.deleted":
        return this.guard("dropping a deleted session", () => this.index.drop(event.session));
      case "idle":
        if (this.idleDelayMs === undefined) return;
        this.later(this.idleDelayMs);
        this.idleDelayMs = undefined;
        return;
    }
  }

  /**
   * Many events in one write (what DeferredRecall kept until the index opened): one commit, where one each
   * flushed an FTS segment and merged segments per event. Each event keeps its own guard, as in `observe`;
   * the write lock is taken first, so no other process's commit can leave this one's snapshot stale.
   */
  observeAll(events: Iterable<HostEvent>): void {
    const index = this.index;
    const all = [...events];
    let next = 0;
    // a corrupt file is replaced midway (see `rebuild`): the rest go to the new index, one write each
    const some = () => {
      for (; next < all.length && this.index === index; next++) this.observe(all[next]!);
    };
    this.guard("indexing", () => index.db.transaction(some).immediate());
    for (; next < all.length; next++) this.observe(all[next]!);
  }

  /**
   * Catch-up, then retention, at the first idle moment: `idleDelayMs` after a session first goes idle, or
   * `fallbackMs` after start when none does. Never on the way to an LLM call, so a short
   * `opencode run` (which exits as its session goes idle) does not pay for it.
   */
  start(idleDelayMs = 1_000, fallbackMs = 30_000): void {
    this.idleDelayMs = idleDelayMs;
    this.later(fallbackMs);
  }

  private later(ms: number): void {
    const timer = setTimeout(() => {
      if (this.caughtUp || this.closed) return;
      this.caughtUp = true;
      // the file's integrity, checked where no call waits on it; a corrupt file is rebuilt before the catch-up
      this.verify();
      void this.catchUp().then(() => this.prune());
    }, ms);
    (timer as { unref?: () => void }).unref?.();
    this.timers.push(timer);
  }

  /** Reads back sessions updated since they were last synced; unchanged texts are not rewritten. */
  async catchUp(): Promise<number> {
    const history = this.options.history;
    if (!history?.sessions) return 0;
    try {
      const cutoff = this.options.now() - this.options.retentionDays * DAY;
      const sessions = await history.sessions();
      let read = 0;
      for (const s of sessions) {
        if (this.closed) break;
        const updated = s.updated ?? 0;
        if (updated < cutoff || this.index.syncedAt(s.id) >= updated) continue;
        await this.sync(s.id, updated);
        read++;
      }
      return read;
    } catch (error) {
      this.options.log.log("warn", `agent-hud recall: catch-up failed: ${errorLine(error)}`);
      return 0;
    }
  }

  private sync(session: string, updated?: number): Promise<void> {
    let pending = this.synced.get(session);
    if (pending) return pending;
    pending = (async () => {
      const messages = (await this.options.history?.messages(session)) ?? [];
      // in slices, so a long session read back at start-up never holds the event loop for long
      for (let start = 0; start < messages.length; start += SYNC_SLICE) {
        if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
        this.guard("catch-up", () =>
          this.index.transaction(() => {
            for (const m of messages.slice(start, start + SYNC_SLICE)) {
              if (m.message) this.index.message(m.message);
              for (const p of m.parts) this.index.part(p);
            }
          }),
        );
      }
      const last = messages.at(-1)?.message;
      this.guard("catch-up", () => this.index.markSynced(session, updated ?? last?.at ?? 0));
    })().catch((error: unknown) => {
      this.synced.delete(session);
      this.options.log.log("warn", `agent-hud recall: reading session ${session} failed: ${errorLine(error)}`);
    });
    this.synced.set(session, pending);
    return pending;
  }

  /** Drops sessions past the retention window from the index and from the HUD log; returns how many. */
  prune(): { index: number; log: number } {
    const retention = this.options.retention ?? { days: this.options.retentionDays };
    const now = this.options.now();
    const dropped = { index: 0, log: 0 };
    this.guard("retention of the index", () => {
      dropped.index = this.index.prune(retention, now).length;
    });
    const eventLog = this.options.eventLog;
    if (eventLog)
      this.guard("retention of the hud log", () => {
        dropped.log = pruneEventLog(eventLog, retention, now);
      });
    if (dropped.index || dropped.log)
      this.options.log.log(
        "info",
        `agent-hud recall: dropped ${dropped.log} session log(s) and ${dropped.index} indexed session(s) idle over ${this.options.retentionDays} days`,
      );
    return dropped;
  }

  /** The session's HUD log and the project's, indexed up to now before a search reads them. */
  private indexLog(store: EventReader, session: string): void {
    for (const [stream, owner] of [
      [`session:${session}`, session],
      [`project:${this.options.projectKey}`, null],
    ] as const)
      this.guard("indexing the hud log", () =>
        this.index.events(stream, owner, store.read(stream, this.index.cursor(stream))),
      );
  }

  private async settle(session: string): Promise<void> {
    if (!this.options.history) return;
    const wait = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SYNC_WAIT_MS);
      (timer as { unref?: () => void }).unref?.();
    });
    await Promise.race([this.sync(session), wait]);
  }

  async search(store: EventReader, session: string, args: SearchArgs): Promise<string> {
    await this.settle(session);
    this.indexLog(store, session);
    const scope = args.scope === "project" ? { project: true as const } : { session };
    try {
      const hits = this.index.search(args.query, scope, args.limit ?? DEFAULT_LIMIT);
      return hitLines(args.query, hits, (s) => this.index.compactionCount(s), session);
    } catch (error) {
      this.options.log.once("recall:search", "warn", `agent-hud recall: search failed: ${errorLine(error)}`);
      return `search: the index could not answer (${errorLine(error).slice(0, 120)}); the HUD and hud history still work`;
    }
  }

  async read(store: EventReader, session: string, args: HandleArgs): Promise<string> {
    await this.settle(session);
    this.indexLog(store, session);
    const doc = this.index.read(args.id);
    if (!doc)
      throw new Refusal(
        `messages.read: no message or event with handle ${JSON.stringify(args.id.slice(0, 40))}; handles come from hud search (m12, e7)`,
      );
    return readText(doc, doc.session ? this.index.compactionCount(doc.session) : 0, session);
  }

  async compactions(session: string): Promise<string> {
    await this.settle(session);
    return compactionLines(this.index.compactions(session));
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.guard("close", () => this.index.close());
    this.closed = true;
  }
}
