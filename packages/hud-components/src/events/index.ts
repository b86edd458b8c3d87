export * from "./hud-event.ts";
