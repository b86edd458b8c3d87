import type { CallUsage, LedgerCall, LedgerSummary, Prices } from "./types.ts";

/** Every prompt token of a call: what was read from the cache, written to it, and neither. */
export const promptTokens = (u: CallUsage): number => u.input + u.cacheRead + u.cacheWrite;

/** The share of a call's prompt that came from the cache, 0..1. */
export const hitShare = (u: CallUsage): number => {
  const prompt = promptTokens(u);
  return prompt > 0 ? u.cacheRead / prompt : 0;
};

/** A partial bust: a loss under the bust threshold that the evidence names a cause for. */
export const isPartial = (call: { loss?: { cause: string }; bust?: unknown }): boolean =>
  !!call.loss && !call.bust && call.loss.cause !== "tail";

/** Two reports of a call with the same numbers (a host reports an answer again while it streams). */
export const sameUsage = (a: CallUsage, b: CallUsage): boolean =>
  a.input === b.input && a.output === b.output && a.cacheRead === b.cacheRead && a.cacheWrite === b.cacheWrite;

const price = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;

/** opencode's model `cost`: `{ input, output, cache: { read, write } }` (models) or `cache_read`/`cache_write` (config). */
export function pricesOf(cost: unknown): Prices | undefined {
  if (!cost || typeof cost !== "object") return undefined;
  const c = cost as Record<string, unknown>;
  const cache = c.cache && typeof c.cache === "object" ? (c.cache as Record<string, unknown>) : {};
  const input = price(c.input);
  const output = price(c.output);
  if (input === undefined || output === undefined || input + output === 0) return undefined;
  return {
    input,
    output,
    cacheRead: price(cache.read) ?? price(c.cache_read) ?? input,
    cacheWrite: price(cache.write) ?? price(c.cache_write) ?? input,
  };
}

/** What the call cost, and what its cache reads saved against paying full input price for them. */
export function moneyOf(u: CallUsage, p: Prices): { spent: number; saved: number } {
  const m = 1_000_000;
  const spent = (u.input * p.input + u.output * p.output + u.cacheRead * p.cacheRead + u.cacheWrite * p.cacheWrite) / m;
  return { spent, saved: (u.cacheRead * (p.input - p.cacheRead)) / m };
}

export function summarize(calls: readonly LedgerCall[]): LedgerSummary {
  const s: LedgerSummary = {
    calls: calls.length,
    hitShare: 0,
    busts: 0,
    partial: 0,
    lost: 0,
    input: 0,
    cacheRead: 0,
    cacheWrite: 0,
    output: 0,
  };
  for (const c of calls) {
    s.input += c.usage.input;
    s.cacheRead += c.usage.cacheRead;
    s.cacheWrite += c.usage.cacheWrite;
    s.output += c.usage.output;
    if (c.bust) s.busts++;
    if (isPartial(c)) s.partial++;
    if (c.loss && c.loss.cause !== "tail") s.lost += c.loss.tokens;
    if (c.spent !== undefined) s.spent = (s.spent ?? 0) + c.spent;
    if (c.saved !== undefined) s.saved = (s.saved ?? 0) + c.saved;
  }
  s.hitShare = hitShare(s);
  return s;
}
