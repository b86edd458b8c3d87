export { usableTokens, limitsOf, type ModelLimits } from "./limits.ts";
export { ContextTracker, type Usage } from "./tracker.ts";
export { ModelLimitsBook } from "./model-limits.ts";
