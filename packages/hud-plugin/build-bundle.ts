// The one set of bundler options every output of `bun run build` shares (build.ts, build-host-root.ts):
// ESM for Bun, production builds of every dependency (no micromark assertions or `debug`), readable output.
import type { BunPlugin } from "bun";
import { dirname } from "node:path";

/**
 * Where the HTML entity table is: a dependency of a dependency of the markdown writer ujsx uses (build.ts
 * bundles it as a file of its own), each package resolved from the one that depends on it.
 */
export function entityTable(): string {
  let from = new URL("../ujsx/src/index.ts", import.meta.url).pathname;
  for (const name of ["mdast-util-to-markdown", "micromark-util-decode-string", "decode-named-character-reference"])
    from = Bun.resolveSync(name, dirname(from));
  return Bun.resolveSync("character-entities", dirname(from));
}

/** `decode-named-character-reference` without its entity table at start (build-lazy-entities.ts). */
const lazyEntities: BunPlugin = {
  name: "lazy-character-entities",
  setup(build) {
    const path = new URL("./build-lazy-entities.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^decode-named-character-reference$/ }, () => ({ path }));
  },
};

/** `js-tokens` without its tokenizer at start (build-lazy-js-tokens.ts). */
const lazyJsTokens: BunPlugin = {
  name: "lazy-js-tokens",
  setup(build) {
    const path = new URL("./build-lazy-js-tokens.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^js-tokens$/ }, () => ({ path }));
  },
};

/** Where js-tokens is (build.ts bundles it as a file of its own). */
export const jsTokensPackage = (): string => Bun.resolveSync("js-tokens", import.meta.dir);

type BundleOptions = { entrypoints: string[]; outdir: string; root?: string; naming?: string; splitting?: boolean };

/** Bundles, prints each output with its size (`label` names the file), and exits the build on failure. */
export async function bundle(options: BundleOptions, label: (path: string) => string): Promise<void> {
  const result = await Bun.build({
    ...options,
    target: "bun",
    format: "esm",
    conditions: ["production"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    minify: { syntax: true, whitespace: false, identifiers: false },
    sourcemap: "none",
    plugins: [lazyEntities, lazyJsTokens],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    process.exit(1);
  }
  for (const output of result.outputs) console.log(`${label(output.path)} ${(output.size / 1024).toFixed(0)} KiB`);
}
