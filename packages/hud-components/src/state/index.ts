export * from "./items.ts";
export * from "./hud-state.ts";
