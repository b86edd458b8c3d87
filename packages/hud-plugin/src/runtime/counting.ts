import { estimateTokenizer, lazyTokenizer, type LazyTokenizer } from "@agent-hud/hud-components";
import type { HudConfig } from "../config/index.ts";

/** The estimate loads nothing: it is ready from the start and never asks for a render again. */
const estimated: LazyTokenizer = {
  current: estimateTokenizer,
  ready: true,
  observe: () => false,
  load: async () => estimateTokenizer,
};

/**
 * How a runtime counts the HUD's tokens (`tokenizer` option): the estimate, or o200k, counted with a byte
 * bound until its table has loaded in the background once a HUD passes a quarter of its budget.
 */
export function countingTokenizer(choice: HudConfig["tokenizer"]): LazyTokenizer {
  return choice === "o200k" ? lazyTokenizer() : estimated;
}
