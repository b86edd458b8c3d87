import type { CallUsage } from "../cache-ledger/types.ts";
import { usableTokens, type ModelLimits } from "./limits.ts";

/** A count that is missing, null, not a number or negative adds nothing, so the rest of a report still counts. */
const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;

function usedTokens(usage: CallUsage | undefined): number {
  if (!usage || typeof usage !== "object") return 0;
  return count(usage.input) + count(usage.output) + count(usage.cacheRead) + count(usage.cacheWrite);
}

/** `history` holds the percents of the calls before the latest one, oldest first. */
export type Usage = { usedTokens: number; usableTokens: number; percent: number; history: number[] };

const TREND_LENGTH = 5;

/**
 * Context pressure of one session: the tokens of its latest completed LLM call against the model's usable
 * context. Calls are keyed by message id because opencode reports the same message several times while
 * it streams.
 */
export class ContextTracker {
  private calls: Array<{ messageID: string; used: number; created: number }> = [];
  private floor = -Infinity;
  private limits: ModelLimits | undefined;
  private reserved: number | undefined;

  constructor(reserved?: number) {
    this.reserved = reserved;
  }

  setLimits(limits: ModelLimits | undefined): void {
    if (limits) this.limits = limits;
  }

  get hasLimits(): boolean {
    return this.limits !== undefined;
  }

  /**
   * Records one assistant call; zero-token reports (a message just created) and calls older than the last
   * reset are ignored. Order is by creation time, so a late report of an older call cannot pose as the latest.
   */
  record(messageID: string, usage: CallUsage | undefined, created: number): void {
    const used = usedTokens(usage);
    if (!(used > 0) || created < this.floor) return;
    const existing = this.calls.find((c) => c.messageID === messageID);
    if (existing) existing.used = used;
    else {
      this.calls.push({ messageID, used, created });
      this.calls.sort((a, b) => a.created - b.created);
      if (this.calls.length > TREND_LENGTH) this.calls.shift();
    }
  }

  /** After a compaction the old calls describe a context that no longer exists. */
  reset(since: number): void {
    this.calls = [];
    this.floor = since;
  }

  usage(): Usage {
    const usable = this.limits ? usableTokens(this.limits, this.reserved) : 0;
    const used = this.calls.at(-1)?.used ?? 0;
    const percentOf = (n: number) => (usable > 0 ? Math.min(100, (n / usable) * 100) : 0);
    return {
      usedTokens: used,
      usableTokens: Math.max(usable, 1),
      percent: percentOf(used),
      // earlier calls only: the current percent is appended by makeContextInfo
      history: this.calls.slice(0, -1).map((c) => Math.round(percentOf(c.used) * 10) / 10),
    };
  }
}
