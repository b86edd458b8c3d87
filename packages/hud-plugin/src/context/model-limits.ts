import type { ModelLimits } from "./limits.ts";

/**
 * Limits per provider/model, from every source the host offers (opencode: the `config` hook, where custom
 * providers declare them, and the `model` handed to the system transform; `host/opencode/model-entries.ts`
 * reads them). The messages transform runs before the system transform of the same call, so it needs what
 * earlier calls or the config taught.
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
}
