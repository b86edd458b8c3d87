export * from "./state/index.ts";
export * from "./events/index.ts";
export * from "./projector/index.ts";
export * from "./router/index.ts";
export * from "./context/index.ts";
export * from "./tokenize/index.ts";
export * from "./components/index.ts";
export * from "./render/index.ts";
export { defaultBudgets } from "./budget/defaults.ts";
