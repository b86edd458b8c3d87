import type { HudConfig } from "../config/index.ts";
import { instructions } from "./instructions.ts";

/**
 * The only text the plugin puts in system[] under the default placement: the agent's instructions for the
 * placement the options choose, byte-identical on every call so the provider's cached prefix survives.
 */
export function preamble(config: Pick<HudConfig, "placement" | "memoryFile">): string {
  return instructions({ arrival: config.placement === "tail" ? "tail" : "system" }, config);
}
