export { renderHud, type RenderResult } from "./render-hud.ts";
export { Hud, type HudProps } from "./Hud.tsx";
export type { RenderOptions } from "./options.ts";
