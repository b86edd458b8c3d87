import type { CallUsage } from "../../cache-ledger/types.ts";
import { promptTokens } from "../../cache-ledger/usage.ts";

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/**
 * opencode's `tokens` ({ input, output, reasoning, cache: { read, write } }); a missing or malformed count
 * reads as 0. Reasoning is billed as output.
 */
export function usageOfTokens(tokens: unknown): CallUsage | undefined {
  if (!tokens || typeof tokens !== "object") return undefined;
  const t = tokens as Record<string, unknown>;
  const cache = t.cache && typeof t.cache === "object" ? (t.cache as Record<string, unknown>) : {};
  const usage = {
    input: count(t.input),
    output: count(t.output) + count(t.reasoning),
    cacheRead: count(cache.read),
    cacheWrite: count(cache.write),
  };
  return promptTokens(usage) + usage.output > 0 ? usage : undefined;
}
