import { limitsOf, type ModelLimits } from "./limits.ts";

/**
 * Limits per provider/model, learned from every source opencode offers: the `config` hook (custom
 * providers declare them), and the `model` handed to the system transform. The messages transform runs
 * before the system transform of the same call, so it needs what earlier calls or the config taught.
 */
export class ModelLimitsBook {
  private readonly limits = new Map<string, ModelLimits>();

  private static key(providerID: string, modelID: string): string {
    return `${providerID}/${modelID}`;
  }

  set(providerID: string, modelID: string, limits: ModelLimits | undefined): void {
    if (limits) this.limits.set(ModelLimitsBook.key(providerID, modelID), limits);
  }

  get(providerID: string | undefined, modelID: string | undefined): ModelLimits | undefined {
    if (!providerID || !modelID) return undefined;
    return this.limits.get(ModelLimitsBook.key(providerID, modelID));
  }

  /** Learns the limits of a hook's `model` ({ id, providerID, limit }). */
  learnModel(model: unknown): ModelLimits | undefined {
    const m = model as { id?: unknown; providerID?: unknown } | undefined;
    const limits = limitsOf(model);
    if (typeof m?.id === "string" && typeof m.providerID === "string") this.set(m.providerID, m.id, limits);
    return limits;
  }

  /** Learns every model limit declared in opencode's config (`provider.<id>.models.<id>.limit`). */
  learnConfig(config: unknown): void {
    const providers = (config as { provider?: Record<string, { models?: Record<string, unknown> }> } | undefined)
      ?.provider;
    if (!providers || typeof providers !== "object") return;
    for (const [providerID, provider] of Object.entries(providers))
      for (const [modelID, model] of Object.entries(provider?.models ?? {}))
        this.set(providerID, modelID, limitsOf(model));
  }
}
