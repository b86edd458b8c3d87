export * from "./items.ts";
export * from "./hud-state.ts";
export * from "./agent-component.ts";
