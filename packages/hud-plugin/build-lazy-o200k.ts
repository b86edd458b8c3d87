// What a hook's runtime bundle gets for gpt-tokenizer's o200k encoding (build-bundle.ts). That bundle is
// one CommonJS file with bytecode, so the lazy tokenizer's dynamic import is inlined, and with it the
// encoding's rank table: ~3 MB of source and ~12 MB of bytecode that every in-process hook would read for a
// tokenizer few configure; in the ESM bundles it would be a chunk, a second copy beside this file. The encoding is a file of its own beside the bundles (`o200k-base.js`, build.ts), required when the
// tokenizer's module is evaluated, as the package's would be: on the lazy tokenizer's load, never at start.
import { requireBeside } from "./build-require-beside.ts";

// the package is hud-components' dependency, not this one's: the one function its tokenizer calls
type CountTokens = (text: string, options?: object) => number;

/** This code sits in a chunk at the top of `dist/` (or `scripts/`) or in an entry one folder down. */
const PLACES = ["./o200k-base.js", "../o200k-base.js"];

function load(): { countTokens: CountTokens } {
  const module = requireBeside<{ countTokens: CountTokens }>(PLACES);
  if (module) return module;
  // a broken install: the lazy tokenizer's load fails, and the HUD goes on counting with the bound
  throw new Error("o200k-base.js is missing beside the plugin's files; reinstall agent-hud");
}

export const countTokens: CountTokens = load().countTokens;
