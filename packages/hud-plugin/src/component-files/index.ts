export { fileComponents, clearFileComponents, shortHash, type FileGate } from "./file-components.ts";
export { globalHudDir, hudRoots, type HudRoot } from "./roots.ts";
export { ComponentMetadata } from "./metadata.ts";
