import { existsSync } from "node:fs";
import type { ScanRuleSet } from "./rule-set.ts";

/**
 * Where the rule set is: beside this module when run from source; in the bundle it is `privacy-rules.js`
 * at the top of `dist/`, and this code sits in a chunk there or in an entry one folder down (`dist/cli/`,
 * `dist/board/`, `dist/edit/`), so both places are tried.
 */
const PLACES = ["./rule-set.ts", "./privacy-rules.js", "../privacy-rules.js"];

let loaded: ScanRuleSet | null | undefined;

/**
 * The rule set, loaded on the first call that needs it: synchronously, because every store write is (bun
 * requires an ES module in place), and never at start, so opencode's start does not parse it. Null when
 * it cannot be loaded; the redactor then fails closed.
 */
export function ruleSet(): ScanRuleSet | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  for (const place of PLACES) {
    // Bun's own, not node:url's: that module would load with every hook process
    const path = Bun.fileURLToPath(new URL(place, import.meta.url));
    if (!existsSync(path)) continue;
    const module = import.meta.require(path) as typeof import("./rule-set.ts");
    loaded = module.createRuleSet();
    break;
  }
  return loaded;
}

/** Whether the rule set has been loaded (the start-up bench checks that the start does not). */
export function ruleSetLoaded(): boolean {
  return loaded !== undefined;
}
