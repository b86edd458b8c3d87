export { renderHud, fitSlots, type RenderResult } from "./render-hud.ts";
export { resolveRenderOptions, type RenderOptions } from "./options.ts";
export { clearRenderMemo } from "./memo.ts";
export { fnv1a } from "./hash.ts";
export { partCache, PartCache } from "./part-cache.ts";
