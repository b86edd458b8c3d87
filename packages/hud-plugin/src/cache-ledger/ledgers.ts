import type { Database } from "bun:sqlite";
import { ledgerLine } from "./format.ts";
import { SessionLedger } from "./session-ledger.ts";
import { readCalls, writeCall } from "./table.ts";
import type { CallUsage, Evidence, LedgerCall, Prices } from "./types.ts";
import { sameUsage } from "./usage.ts";

/** The database the rows go to (the board's connection to hud.db): a failure is logged once and reads as `fallback`. */
export type LedgerDatabase = { use<T>(what: string, run: (db: Database) => T, fallback: T): T };

/** What the ledgers need of a session's runtime: its id and a slot for its ledger. */
export type LedgerHolder = { readonly id: string; ledger: SessionLedger | undefined };

/** How many stored calls a session's ledger starts from when this process first meets the session. */
const RESUME_CALLS = 1_000;

/**
 * One usage report, as every host gives it after translating its own shape (an opencode assistant message,
 * a Claude Code transcript line).
 */
export type UsageReport = {
  /** The host's id of the answer: a second report of it updates the call. */
  id: string;
  /** When the request went out (ms since epoch); the report's arrival when the host does not say. */
  at?: number;
  /** Undefined when the answer carried none. */
  usage: CallUsage | undefined;
  /** The answer ended in an error: without usage, its request must not be paired with the next answer. */
  failed?: boolean;
  /** `providerID/modelID`: the prices learned for it price the call. */
  model?: string;
  /** The host's own price of the call, used when the model's prices are not known. */
  cost?: number;
  /**
   * What was seen of the request, for a host that builds it from the report itself (Claude Code: the
   * request's time, a compaction in between); without it, the oldest request seen and not yet answered.
   */
  evidence?: Evidence;
};

/**
 * The cache ledgers of one plugin instance: what the hooks saw of each request (hashes only, in memory),
 * the usage each call reported, and the rows written to hud.db. One API for every host: `request` (and
 * `requestMore`) as a request goes out, `compaction`, `report` with a call's usage, `line`; each host
 * translates its own shapes into these in its folder. Writes happen on usage reports, never inside a
 * request's hook.
 */
export class CacheLedgers {
  private readonly prices = new Map<string, Prices>();
  private readonly failedIds = new Set<string>();

  constructor(
    private readonly board: LedgerDatabase,
    private readonly projectKey: string,
    private readonly options: { lifetimeSeconds: number },
    private readonly now: () => number,
  ) {}

  of(session: LedgerHolder): SessionLedger {
    session.ledger ??= new SessionLedger(
      this.options,
      this.board.use("cache ledger read", (db) => readCalls(db, session.id, RESUME_CALLS), []),
    );
    return session.ledger;
  }

  /**
   * A request is going out: what the host's hooks saw of it. Hashes are left to `resolve`, run when the
   * answer's usage arrives (off the request's path, and only for requests that got an answer).
   */
  request(session: LedgerHolder, evidence: Omit<Evidence, "at"> = {}): void {
    this.of(session).observe({ at: this.now(), ...evidence });
  }

  /**
   * A later hook of the same request adds what it saw (V1's system transform runs after the messages
   * one); once per request, and only while the request has not been answered.
   */
  requestMore(session: LedgerHolder, fill: (evidence: Evidence) => void): void {
    const latest = this.of(session).latest();
    if (!latest?.resolve || latest.amended) return;
    latest.amended = true;
    latest.resolve.push(fill);
  }

  /** The host reported a compaction of the session (opencode: `session.compacted`). */
  compaction(session: LedgerHolder): void {
    this.of(session).compaction();
  }

  /** A model's prices (per million tokens), as its host declares them. */
  setPrices(providerID: string, modelID: string, prices: Prices): void {
    this.prices.set(`${providerID}/${modelID}`, prices);
  }

  /**
   * A call's usage, from every host: returns the call when it was recorded or changed, undefined for a
   * report without usage or one that repeats the numbers already recorded.
   */
  report(session: LedgerHolder, r: UsageReport): LedgerCall | undefined {
    const ledger = this.of(session);
    if (!r.usage) {
      if (r.failed && !this.failedIds.has(r.id)) {
        this.failedIds.add(r.id);
        if (this.failedIds.size > 64) this.failedIds.delete(this.failedIds.values().next().value!);
        ledger.failed();
      }
      return undefined;
    }
    const before = ledger.all().find((c) => c.id === r.id);
    if (before && sameUsage(before.usage, r.usage)) return undefined;
    const prices = r.model ? this.prices.get(r.model) : undefined;
    const call = ledger.record(r.id, r.at ?? this.now(), r.usage, prices, r.evidence);
    // the host prices the call itself when it knows the model; saving needs the prices, spending does not
    if (call.spent === undefined && typeof r.cost === "number" && r.cost > 0) call.spent = r.cost;
    this.write(session.id, call);
    return call;
  }

  /** `cache 96% · 1 bust` for the session, or undefined before its first call. */
  line(session: LedgerHolder): string | undefined {
    return ledgerLine(this.of(session).summary());
  }

  private write(sessionID: string, call: LedgerCall): void {
    this.board.use("cache ledger write", (db) => writeCall(db, sessionID, this.projectKey, call), undefined);
  }
}
