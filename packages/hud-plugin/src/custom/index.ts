export { loadCustomSections, clearCustomSections, type LoadOptions } from "./load-custom-sections.ts";
export { globalHudDir, hudRoots, type HudRoot } from "./roots.ts";
export { ComponentMetadata } from "./metadata.ts";
