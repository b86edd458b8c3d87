// Internals for this repository's tests and benchmarks (`@agent-hud/hud-components/internal`): the budget
// fitter's caches and steps, the render memo and the stable-part hash. Not a stable API.
export * from "./budget/index.ts";
export { clearRenderMemo } from "./render/memo.ts";
export { resolveRenderOptions, type ResolvedRenderOptions } from "./render/options.ts";
export { renderLayout, type Layout } from "./render/render-hud.ts";
export { fnv1a } from "./hash/fnv1a.ts";
