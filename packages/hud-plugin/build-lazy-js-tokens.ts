// What the bundles get for `js-tokens` (build-bundle.ts). Its tokenizer reads component sources
// (src/agent-components/source-check.ts), which a hook process never does, yet a static import made every
// process that opens the runtime parse it and build its regular expressions (~4 ms of a cold hook's CPU).
// The package is a file of its own beside the chunks (`js-tokens.js`, build.ts), required on the first
// source read; the same function, so the same tokens.
import { requireBeside } from "./build-require-beside.ts";

/** This code sits in a chunk at the top of `dist/` (or `scripts/`) or in an entry one folder down. */
const PLACES = ["./js-tokens.js", "../js-tokens.js"];

type JsTokens = typeof import("js-tokens").default;

let tokenizer: JsTokens | undefined;

function load(): JsTokens {
  // the package names its function `module.exports` too, which is what bun's require then answers with
  const module = requireBeside<JsTokens | { default: JsTokens }>(PLACES);
  if (module) return typeof module === "function" ? module : module.default;
  // a broken install: the component is refused with this line, the HUD goes on without it
  throw new Error("js-tokens.js is missing beside the plugin's files; reinstall agent-hud");
}

const jsTokens = ((input: string, options?: { jsx?: boolean }) =>
  (tokenizer ??= load())(input, options as { jsx: true })) as JsTokens;
export default jsTokens;
