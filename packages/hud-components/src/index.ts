// The public API: state and events, the projector, operations, density, tokenizers, the components and
// section specs, and renderHud. The budget fitter's machinery (caches, fitting, hashing) is internal:
// it lives behind `@agent-hud/hud-components/internal` and may change without notice.
export * from "./state/index.ts";
export * from "./events/index.ts";
export * from "./projector/index.ts";
export * from "./router/index.ts";
export * from "./density/index.ts";
export * from "./tokenize/index.ts";
export * from "./components/index.ts";
export * from "./sections/index.ts";
export * from "./render/index.ts";
export { defaultBudgets } from "./budget/budgets.ts";
