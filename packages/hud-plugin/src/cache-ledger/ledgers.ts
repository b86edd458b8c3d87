import type { Database } from "bun:sqlite";
import { ledgerLine } from "./format.ts";
import { hashSystem, hashV1Messages } from "./hash.ts";
import { SessionLedger } from "./session-ledger.ts";
import { readCalls, writeCall } from "./table.ts";
import type { Evidence, LedgerCall, Prices } from "./types.ts";
import { pricesOf, usageOfTokens } from "./usage.ts";

/** The database the rows go to (the board's connection to hud.db): a failure is logged once and reads as `fallback`. */
export type LedgerDatabase = { use<T>(what: string, run: (db: Database) => T, fallback: T): T };

/** What the ledgers need of a session's runtime: its id and a slot for its ledger. */
export type LedgerHolder = { readonly id: string; ledger: SessionLedger | undefined };

/** How many stored calls a session's ledger starts from when this process first meets the session. */
const RESUME_CALLS = 1_000;

type AnswerInfo = {
  id: string;
  tokens?: unknown;
  error?: unknown;
  cost?: unknown;
  providerID?: string;
  modelID?: string;
  time?: { created?: number; completed?: number };
};

/**
 * The cache ledgers of one plugin instance: what the hooks saw of each request (hashes only, in memory),
 * the usage each call reported, and the rows written to hud.db. Host-neutral: V1's hooks, V2's context hook
 * and another host's adapter call the same methods. Writes happen on usage reports, never inside a request's hook.
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
   * A request is going out: its conversation as the hook holds it. Only the count is taken now; the
   * messages are hashed when the answer's usage arrives (what agent-hud appends after this is left out).
   */
  observeMessages(session: LedgerHolder, messages: ReadonlyArray<Parameters<typeof hashV1Messages>[0][number]>): void {
    // the list is copied (references only); the messages themselves are hashed as they were sent, so an
    // edit a later plugin makes to one of them counts too
    const held = messages.slice();
    this.of(session).observe({ at: this.now(), resolve: [(e) => void (e.messages = hashV1Messages(held))] });
  }

  /** The system parts of the request observed last (hashed with it, later); `own` are the texts agent-hud added. */
  observeSystem(session: LedgerHolder, parts: readonly string[], own: ReadonlySet<string>): void {
    const latest = this.of(session).latest();
    if (!latest || latest.system !== undefined || latest.resolve?.length !== 1) return;
    // copied now: opencode may join the parts after the hook, which would hide which one was agent-hud's
    const held = parts.slice();
    latest.resolve.push((e) => void (e.system = hashSystem(held, own)));
  }

  /** A whole request at once (hosts with one hook for system and messages). */
  observe(session: LedgerHolder, evidence: Omit<Evidence, "at">): void {
    this.of(session).observe({ at: this.now(), ...evidence });
  }

  /** The host reported a compaction of the session (opencode: `session.compacted`). */
  compaction(session: LedgerHolder): void {
    this.of(session).compaction();
  }

  /** Prices of a hook's `model` (`{ id, providerID, cost }`). */
  learnModel(model: unknown): void {
    const m = model as { id?: unknown; providerID?: unknown; cost?: unknown } | undefined;
    const prices = pricesOf(m?.cost);
    if (prices && typeof m?.id === "string" && typeof m.providerID === "string")
      this.prices.set(`${m.providerID}/${m.id}`, prices);
  }

  /** Prices declared in opencode's config (`provider.<id>.models.<id>.cost`). */
  learnConfig(config: unknown): void {
    const providers = (config as { provider?: Record<string, { models?: Record<string, { cost?: unknown }> }> })
      ?.provider;
    if (!providers || typeof providers !== "object") return;
    for (const [providerID, provider] of Object.entries(providers))
      for (const [modelID, model] of Object.entries(provider?.models ?? {})) {
        const prices = pricesOf(model?.cost);
        if (prices) this.prices.set(`${providerID}/${modelID}`, prices);
      }
  }

  /** An answer's report (opencode: an assistant message); returns the call when it was recorded or changed. */
  answer(session: LedgerHolder, info: AnswerInfo): LedgerCall | undefined {
    const usage = usageOfTokens(info.tokens);
    const ledger = this.of(session);
    if (!usage) {
      // an answer that ended in an error without usage: its request must not be paired with the next answer
      if (info.error && !this.failedIds.has(info.id)) {
        this.failedIds.add(info.id);
        if (this.failedIds.size > 64) this.failedIds.delete(this.failedIds.values().next().value!);
        ledger.failed();
      }
      return undefined;
    }
    const before = ledger.all().find((c) => c.id === info.id);
    if (before && sameUsage(before.usage, usage)) return undefined;
    const prices = info.providerID && info.modelID ? this.prices.get(`${info.providerID}/${info.modelID}`) : undefined;
    const call = ledger.record(info.id, info.time?.created ?? this.now(), usage, prices);
    // opencode prices the call itself when it knows the model; saving needs the prices, spending does not
    if (call.spent === undefined && typeof info.cost === "number" && info.cost > 0) call.spent = info.cost;
    this.write(session.id, call);
    return call;
  }

  /**
   * One usage report from a host that builds its own evidence (e.g. from a transcript's `usage` and what
   * its hooks saw of the request): `evidence` omitted takes the oldest request `observe`d and not yet answered.
   */
  record(
    session: LedgerHolder,
    id: string,
    at: number,
    usage: LedgerCall["usage"],
    evidence?: Evidence,
    prices?: Prices,
  ): LedgerCall {
    const call = this.of(session).record(id, at, usage, prices, evidence);
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

const sameUsage = (a: LedgerCall["usage"], b: LedgerCall["usage"]) =>
  a.input === b.input && a.output === b.output && a.cacheRead === b.cacheRead && a.cacheWrite === b.cacheWrite;
