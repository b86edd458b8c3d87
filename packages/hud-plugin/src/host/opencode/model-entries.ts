// opencode's model entries, in both generations: a hook's or `model.list()`'s model (`{ id, providerID, limit,
// cost }`) and the config's `provider.<id>.models.<id>`. Their limits feed the context tracker's book and
// their prices the cache ledger; the books themselves know no host.
import type { CacheLedgers } from "../../cache-ledger/ledgers.ts";
import { pricesOf } from "../../cache-ledger/usage.ts";
import { limitsOf, type ModelLimits } from "../../context/limits.ts";
import type { ModelLimitsBook } from "../../context/model-limits.ts";

type Entry = { providerID: string; modelID: string; model: Record<string, unknown> };

/** A hook's model (`{ id, providerID, ... }`), or undefined when it names no provider and model. */
function entryOf(model: unknown): Entry | undefined {
  const m = model as { id?: unknown; providerID?: unknown } | undefined;
  return typeof m?.id === "string" && typeof m.providerID === "string"
    ? { providerID: m.providerID, modelID: m.id, model: m as Record<string, unknown> }
    : undefined;
}

/** Every model the config declares (`provider.<id>.models.<id>`). */
function configEntries(config: unknown): Entry[] {
  const providers = (config as { provider?: Record<string, { models?: Record<string, unknown> }> } | undefined)
    ?.provider;
  if (!providers || typeof providers !== "object") return [];
  return Object.entries(providers).flatMap(([providerID, provider]) =>
    Object.entries(provider?.models ?? {}).flatMap(([modelID, model]) =>
      model && typeof model === "object" ? [{ providerID, modelID, model: model as Record<string, unknown> }] : [],
    ),
  );
}

function learn(entry: Entry, limits: ModelLimitsBook | undefined, ledger: CacheLedgers | undefined): void {
  limits?.set(entry.providerID, entry.modelID, limitsOf(entry.model));
  const prices = pricesOf(entry.model["cost"]);
  if (prices) ledger?.setPrices(entry.providerID, entry.modelID, prices);
}

/** Learns a hook's model; returns its limits (undefined when it reports no context size). */
export function learnModel(model: unknown, limits?: ModelLimitsBook, ledger?: CacheLedgers): ModelLimits | undefined {
  const entry = entryOf(model);
  if (entry) learn(entry, limits, ledger);
  return limitsOf(model);
}

/** Learns every model opencode's config declares, with its limits and prices. */
export function learnConfig(config: unknown, limits?: ModelLimitsBook, ledger?: CacheLedgers): void {
  for (const entry of configEntries(config)) learn(entry, limits, ledger);
}
