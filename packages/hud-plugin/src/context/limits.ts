/** Model limits as opencode passes them to hooks (`model.limit`). */
export type ModelLimits = { context: number; input?: number; output: number };

// opencode's own constants: output reserve is capped at 32k, and with an input limit a 20k buffer is kept.
const OUTPUT_CAP = 32_000;
const COMPACTION_BUFFER = 20_000;

/**
 * The context a conversation can fill before opencode auto-compacts it, computed the way opencode's
 * overflow check does, so 100% here is the point where compaction fires.
 */
export function usableTokens(limits: ModelLimits, reserved?: number): number {
  const maxOutput = Math.min(limits.output > 0 ? limits.output : OUTPUT_CAP, OUTPUT_CAP);
  if (limits.input && limits.input > 0)
    return Math.max(1, limits.input - (reserved ?? Math.min(COMPACTION_BUFFER, maxOutput)));
  return Math.max(1, limits.context - maxOutput);
}

/** Reads `model.limit` from a hook's untyped `model`; undefined when the model reports no context size. */
export function limitsOf(model: unknown): ModelLimits | undefined {
  const limit = (model as { limit?: { context?: unknown; input?: unknown; output?: unknown } } | undefined)?.limit;
  if (!limit || typeof limit.context !== "number" || limit.context <= 0) return undefined;
  return {
    context: limit.context,
    output: typeof limit.output === "number" ? limit.output : 0,
    ...(typeof limit.input === "number" && limit.input > 0 ? { input: limit.input } : {}),
  };
}
