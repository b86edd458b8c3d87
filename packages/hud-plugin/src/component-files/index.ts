export { loadComponentFiles, clearComponentFiles, type LoadOptions } from "./load-component-files.ts";
export { globalHudDir, hudRoots, type HudRoot } from "./roots.ts";
export { ComponentMetadata } from "./metadata.ts";
