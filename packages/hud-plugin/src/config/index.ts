export { HudOptions, defaultConfig, type HudConfig } from "./schema.ts";
export { parseConfig, type ConfigProblem, type ParsedConfig } from "./parse.ts";
