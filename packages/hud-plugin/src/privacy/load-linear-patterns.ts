import { existsSync } from "node:fs";

type Module = typeof import("./linear-patterns.ts");

/** Beside this module from source; in the bundle `privacy-patterns.js` at the top of `dist/` (as the rule set). */
const PLACES = ["./linear-patterns.ts", "./privacy-patterns.js", "../privacy-patterns.js"];

let loaded: Module | undefined;

/**
 * The linear-time engine, loaded synchronously on first need (config parsing and the redactor are
 * synchronous), so a person without patterns never parses it.
 */
export function linearPatterns(): Module {
  if (loaded) return loaded;
  for (const place of PLACES) {
    // Bun's own, not node:url's: that module would load with every hook process
    const path = Bun.fileURLToPath(new URL(place, import.meta.url));
    if (!existsSync(path)) continue;
    loaded = import.meta.require(path) as Module;
    return loaded;
  }
  throw new Error("the linear-time pattern engine is missing from the package");
}
