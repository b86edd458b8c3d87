import type { ScanRuleSet } from "./rule-set.ts";

/**
 * Where the rule set is: beside this module when run from source; in the bundle it is `privacy-rules.js`
 * at the top of `dist/`, and this code sits in a chunk there or in an entry one folder down (`dist/cli/`,
 * `dist/board/`, `dist/edit/`), so both places are tried.
 */
const PLACES = ["./rule-set.ts", "./privacy-rules.js", "../privacy-rules.js"];

let loaded: ScanRuleSet | null | undefined;

function resolved(place: string): string | undefined {
  try {
    return require.resolve(place);
  } catch {
    return undefined;
  }
}

/**
 * The rule set, loaded on the first call that needs it: synchronously, because every store write is (bun
 * requires an ES module in place), and never at start, so opencode's start does not parse it. Null when
 * it cannot be loaded; the redactor then fails closed.
 */
export function ruleSet(): ScanRuleSet | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  for (const place of PLACES) {
    // resolved from the file that runs, which `import.meta.url` is not in a CommonJS hook bundle
    const path = resolved(place);
    if (!path) continue;
    const module = require(path) as typeof import("./rule-set.ts");
    loaded = module.createRuleSet();
    break;
  }
  return loaded;
}

/** Whether the rule set has been loaded (the start-up bench checks that the start does not). */
export function ruleSetLoaded(): boolean {
  return loaded !== undefined;
}
