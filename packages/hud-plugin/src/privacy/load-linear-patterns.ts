type Module = typeof import("./linear-patterns.ts");

/** Beside this module from source; in the bundle `privacy-patterns.js` at the top of `dist/` (as the rule set). */
const PLACES = ["./linear-patterns.ts", "./privacy-patterns.js", "../privacy-patterns.js"];

let loaded: Module | undefined;

function resolved(place: string): string | undefined {
  try {
    return require.resolve(place);
  } catch {
    return undefined;
  }
}

/**
 * The linear-time engine, loaded synchronously on first need (config parsing and the redactor are
 * synchronous), so a person without patterns never parses it.
 */
export function linearPatterns(): Module {
  if (loaded) return loaded;
  for (const place of PLACES) {
    // resolved from the file that runs, which `import.meta.url` is not in a CommonJS hook bundle
    const path = resolved(place);
    if (!path) continue;
    loaded = require(path) as Module;
    return loaded;
  }
  throw new Error("the linear-time pattern engine is missing from the package");
}
