import { describe } from "./faults.ts";
import { DurableLog } from "./durable-log.ts";
import { defaultDir } from "./paths.ts";
import { PendingBuffer, type PendingEvent } from "./pending.ts";
import type {
  EventStoreOptions,
  HudEvent,
  LastSession,
  SessionInfo,
  StoredEvent,
  StoreLog,
  StoreStatus,
} from "./types.ts";
import { encodeEvent, isProjectKey, isSessionID, isStreamName, quoted, randomHex } from "./validate.ts";

const DEFAULT_BUSY_TIMEOUT_MS = 1000;
const DEFAULT_RETRY_AFTER_MS = 250;

/**
 * The plugin's durable event log. No method throws: every failure is logged and the store degrades to
 * an in-memory buffer that reads still see, flushed in order once the database takes writes again.
 */
export class EventStore {
  readonly path: string;
  private readonly pending = new PendingBuffer();
  private readonly durable: DurableLog;
  private readonly log: StoreLog;
  private readonly uidPrefix = randomHex(6);
  private uidCounter = 0;
  private closed = false;

  private constructor(options: EventStoreOptions) {
    const sink = options.log;
    this.log = (level, msg, extra) => {
      try {
        sink?.(level, msg, extra);
      } catch {
        // A broken logger must not turn a handled fault into a thrown one.
      }
    };
    const settings = {
      dir: options.dir ?? defaultDir(),
      busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      log: this.log,
      seams: options.seams ?? {},
      now: options.seams?.now ?? Date.now,
    };
    this.durable = new DurableLog(settings, Math.max(0, options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS), this.pending);
    this.path = this.durable.path;
  }

  static open(options: EventStoreOptions = {}): EventStore {
    const store = new EventStore(options);
    store.guard("open", () => store.durable.reconnect(), false);
    return store;
  }

  /** Records events in one transaction and returns their seqs (provisional for buffered events). */
  append(stream: string, events: HudEvent[]): number[] {
    return this.guard(
      "append",
      () => {
        if (!this.accept(stream, "append") || !Array.isArray(events)) return [];
        const entries: PendingEvent[] = [];
        for (const event of events) {
          const encoded = encodeEvent(event);
          if (!encoded.ok) {
            this.log("error", `append to ${stream} rejected, nothing recorded: ${encoded.error}`);
            return [];
          }
          const { kind, at, payload } = encoded;
          const uid = `${this.uidPrefix}-${(this.uidCounter++).toString(36)}`;
          // Parsed back from the payload so a buffered event reads exactly as a stored one would.
          entries.push({ uid, stream, kind, at, payload, event: JSON.parse(payload) as HudEvent });
        }
        if (entries.length === 0) return [];
        // Buffered before anything that could fail, so from here on the events cannot be lost.
        this.pending.push(entries);
        const written = this.guard(
          "append",
          () => {
            this.durable.ensureLive();
            return this.durable.write(false);
          },
          undefined,
        );
        if (written) return written.slice(-entries.length);
        const start = this.durable.highestSeq() + this.pending.eventCount - entries.length;
        return entries.map((_, i) => start + i + 1);
      },
      [],
    );
  }

  /** Events of a stream after `afterSeq`, in order, including events still buffered in memory. */
  read(stream: string, afterSeq = 0): StoredEvent[] {
    return this.guard(
      "read",
      () => {
        if (!this.accept(stream, "read")) return [];
        const after = typeof afterSeq === "number" && Number.isFinite(afterSeq) ? afterSeq : 0;
        this.durable.ensureLive();
        this.durable.write(false);
        const out: StoredEvent[] = [];
        for (const row of this.durable.read(stream, after)) {
          try {
            out.push({ seq: row.seq, event: JSON.parse(row.payload) as HudEvent });
          } catch {
            this.log("warn", `skipped event ${row.seq} of ${stream}: its payload is not JSON`);
          }
        }
        if (this.pending.eventCount > 0) out.push(...this.pending.read(stream, after, this.durable.highestSeq()));
        return out;
      },
      [],
    );
  }

  touchSession(info: SessionInfo): void {
    this.guard(
      "touchSession",
      () => {
        const { sessionID, projectKey, parentID, now, holder } = info ?? ({} as Partial<SessionInfo>);
        const validParent = parentID === undefined || isSessionID(parentID);
        const validHolder = holder === undefined || (typeof holder === "string" && holder.length <= 512);
        if (
          !isSessionID(sessionID) ||
          !isProjectKey(projectKey) ||
          !validParent ||
          !validHolder ||
          typeof now !== "number" ||
          !Number.isFinite(now)
        ) {
          const what = `sessionID ${quoted(sessionID)}, projectKey ${quoted(projectKey)}, parentID ${quoted(parentID)}, holder ${quoted(holder)}`;
          this.log(
            "error",
            `touchSession rejected (${what}): expected valid session ids, a 16-hex projectKey, now in ms and a holder string`,
          );
          return;
        }
        this.pending.touch({
          sessionID,
          projectKey,
          now,
          ...(parentID === undefined ? {} : { parentID }),
          ...(holder === undefined ? {} : { holder }),
        });
        this.durable.ensureLive();
        this.durable.write(false);
      },
      undefined,
    );
  }

  /**
   * The `limit` most recently touched other top-level sessions of a project (resume), newest first,
   * buffered touches included. Sub-agent sessions are left out: they work for a parent, and the parent's
   * work is what a new session takes over.
   */
  recentSessions(projectKey: string, excludeSessionID: string, limit = 20): LastSession[] {
    return this.guard(
      "recentSessions",
      () => {
        if (!isProjectKey(projectKey)) return [];
        const count = Number.isInteger(limit) && limit > 0 ? limit : 1;
        this.durable.ensureLive();
        this.durable.write(false);
        const merged = new Map<string, LastSession>();
        for (const s of this.durable.recentSessions(projectKey, String(excludeSessionID), count))
          merged.set(s.sessionID, s);
        // a buffered touch is newer than the durable row of the same session unless its time says otherwise
        for (const s of this.pending.recentSessions(projectKey, String(excludeSessionID))) {
          const durable = merged.get(s.sessionID);
          if (durable && durable.updatedAt > s.updatedAt) continue;
          merged.set(s.sessionID, {
            sessionID: s.sessionID,
            updatedAt: s.updatedAt,
            ...(s.holder === null ? (durable?.holder ? { holder: durable.holder } : {}) : { holder: s.holder }),
          });
        }
        // buffered sessions win ties, as they were touched after what the database holds
        const buffered = new Set(
          this.pending.recentSessions(projectKey, String(excludeSessionID)).map((s) => s.sessionID),
        );
        return [...merged.values()]
          .sort(
            (a, b) =>
              b.updatedAt - a.updatedAt || Number(buffered.has(b.sessionID)) - Number(buffered.has(a.sessionID)),
          )
          .slice(0, count);
      },
      [],
    );
  }

  /** Writes everything buffered now, ignoring the retry back-off. True when nothing is left in memory. */
  flush(): boolean {
    return this.guard(
      "flush",
      () => {
        if (this.closed) return this.pending.size === 0;
        this.durable.ensureLive();
        return this.durable.write(true) !== undefined && this.pending.size === 0 && this.durable.unsavedRows === 0;
      },
      false,
    );
  }

  status(): StoreStatus {
    const buffered = this.pending.size > 0 || this.durable.unsavedRows > 0;
    const lastError = this.durable.lastError;
    return {
      path: this.path,
      mode: this.durable.writable && !buffered ? "durable" : "degraded",
      readonly: this.durable.readonly,
      pending: this.pending.eventCount,
      ...(lastError === undefined ? {} : { lastError }),
    };
  }

  /** Flushes what it can; anything still buffered is reported in the log, since it dies with the process. */
  close(): void {
    this.guard(
      "close",
      () => {
        if (this.closed) return;
        this.flush();
        const left = this.pending.eventCount + this.durable.unsavedRows;
        if (left > 0) {
          this.log(
            "error",
            `closing with ${left} event(s) not written to ${this.path} (${this.durable.lastError ?? "unknown error"})`,
          );
        }
        this.closed = true;
        this.durable.close();
      },
      undefined,
    );
  }

  private guard<T>(op: string, body: () => T, fallback: T): T {
    try {
      return body();
    } catch (err) {
      this.log("error", `${op} failed unexpectedly (${describe(err)}); continuing`);
      return fallback;
    }
  }

  private accept(stream: unknown, op: string): boolean {
    if (this.closed) {
      this.log("error", `${op} after close ignored`);
      return false;
    }
    if (isStreamName(stream)) return true;
    this.log("error", `${op} rejected stream ${quoted(stream)}: expected session:<sessionID> or project:<16 hex>`);
    return false;
  }
}
