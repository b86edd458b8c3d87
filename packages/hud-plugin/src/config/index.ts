export { HudOptions, defaultConfig, type HudConfig } from "./schema.ts";
export { parseConfig, validOptions, type ConfigProblem, type ParsedConfig } from "./parse.ts";
export { CONFIG_FILE, configFiles, globalConfigDir, readLayer, type ConfigLayer } from "./files.ts";
export { loadConfig, mergeLayers } from "./load.ts";
