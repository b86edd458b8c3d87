import { attribute, isBust, lostTokens } from "./attribute.ts";
import type { CallUsage, Evidence, LedgerCall, LedgerSummary, Prices } from "./types.ts";
import { moneyOf, summarize } from "./usage.ts";

/** Requests seen whose usage has not come back yet; more than this and the oldest were calls that failed. */
const MAX_WAITING = 4;

export type LedgerOptions = { lifetimeSeconds: number };

/**
 * One session's cache ledger. Hosts feed it two things: what the plugin saw of each request as it went out
 * (`observe`), and the usage each call reported (`record`). Pure: no clock, no storage — the caller stores
 * what `record` returns.
 */
export class SessionLedger {
  private readonly waiting: Evidence[] = [];
  private last: { call: LedgerCall; evidence: Evidence | undefined } | undefined;
  private readonly byId = new Map<string, { call: LedgerCall; evidence: Evidence | undefined; before?: Evidence }>();
  private readonly calls: LedgerCall[] = [];
  private count: number;

  /** `earlier`: calls stored before this process knew the session (numbering and totals go on from them). */
  constructor(
    private readonly options: LedgerOptions,
    earlier: readonly LedgerCall[] = [],
  ) {
    this.calls.push(...earlier);
    this.count = earlier.reduce((n, c) => Math.max(n, c.call), 0);
    const latest = earlier.at(-1);
    // all a stored call tells of its request is when it went out: enough to compare against the lifetime
    if (latest) this.last = { call: latest, evidence: { at: latest.at } };
  }

  private compacted = false;

  /** The host compacted the session: the next request's evidence says so. */
  compaction(): void {
    this.compacted = true;
  }

  /** A request is about to go out; its usage arrives later through `record`. */
  observe(evidence: Evidence): void {
    if (this.compacted) evidence.afterCompaction = true;
    this.compacted = false;
    this.waiting.push(evidence);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
  }

  /** The request built most recently, for hooks that add to it (the system transform runs after the messages one). */
  latest(): Evidence | undefined {
    return this.waiting.at(-1);
  }

  /** A call that ended without usage (an error): its request's evidence must not be paired with the next answer. */
  failed(): void {
    this.waiting.shift();
  }

  /**
   * The usage of one call. `evidence` is what was seen of its request; when omitted, the oldest request
   * still waiting for its answer is taken (calls of a session go out one after another). A second report
   * for the same `id` updates that call. Returns the call as it should be stored.
   */
  record(id: string, at: number, usage: CallUsage, prices?: Prices, evidence?: Evidence): LedgerCall {
    const known = this.byId.get(id);
    if (known) {
      known.call.usage = usage;
      this.judge(known.call, known.before, known.evidence, this.calls[this.calls.indexOf(known.call) - 1]?.usage);
      this.price(known.call, prices);
      return known.call;
    }
    // a call loaded from storage reported again (a later hook process): its numbers update, its verdict stays
    const stored = this.calls.find((c) => c.id === id);
    if (stored) {
      stored.usage = usage;
      this.price(stored, prices);
      return stored;
    }
    const seen = resolved(evidence ?? this.waiting.shift());
    const call: LedgerCall = { call: ++this.count, id, at, usage };
    const before = this.last;
    this.judge(call, before?.evidence, seen, before?.call.usage);
    this.price(call, prices);
    this.calls.push(call);
    this.byId.set(id, { call, evidence: seen, ...(before?.evidence ? { before: before.evidence } : {}) });
    // a repeated report comes for the latest calls only
    if (this.byId.size > MAX_WAITING) this.byId.delete(this.byId.keys().next().value!);
    this.last = { call, evidence: seen };
    return call;
  }

  summary(): LedgerSummary {
    return summarize(this.calls);
  }

  all(): readonly LedgerCall[] {
    return this.calls;
  }

  /**
   * A provider that never reported a cache read or write in this session (this call included) either caches
   * nothing or does not say: its calls are not judged, or every one of them would read as a bust.
   */
  private cachingSeen(upTo: LedgerCall): boolean {
    if (upTo.usage.cacheRead + upTo.usage.cacheWrite > 0) return true;
    for (const c of this.calls) {
      if (c === upTo) break;
      if (c.usage.cacheRead + c.usage.cacheWrite > 0) return true;
    }
    return false;
  }

  /**
   * Every call that read back less than the call before sent gets its loss: the tokens and the cause the
   * evidence shows (`tail` when it shows none and the loss is under the bust threshold); a bust gets the same
   * attribution in `bust`.
   */
  private judge(call: LedgerCall, before: Evidence | undefined, seen: Evidence | undefined, previous?: CallUsage) {
    delete call.bust;
    delete call.loss;
    const tokens = lostTokens(previous, call.usage);
    if (tokens === 0 || !this.cachingSeen(call)) return;
    const found = attribute(before, seen, this.options.lifetimeSeconds);
    if (isBust(previous, call.usage)) call.bust = found;
    else if (found.cause === "unknown") found.cause = "tail";
    call.loss = { ...found, tokens };
  }

  private price(call: LedgerCall, prices: Prices | undefined) {
    if (!prices) return;
    const { spent, saved } = moneyOf(call.usage, prices);
    call.spent = spent;
    call.saved = saved;
  }
}

/** Runs the evidence's deferred hashing, once. */
function resolved(evidence: Evidence | undefined): Evidence | undefined {
  const pending = evidence?.resolve;
  if (!evidence || !pending) return evidence;
  delete evidence.resolve;
  for (const fill of pending) fill(evidence);
  return evidence;
}
