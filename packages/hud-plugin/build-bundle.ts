// The one set of bundler options every output of `bun run build` shares (build.ts, build-host-root.ts):
// ESM for Bun (a hook process: CommonJS with bytecode, build-host-root.ts), production builds of every
// dependency (no micromark assertions or `debug`), readable output.
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

/**
 * TypeBox's entry points (the package, `/value`, `/errors`) narrowed to the parts the sources import, each
 * re-exported from its own module: a bundle that inlines a dynamic import (the CommonJS hook bundles) wraps
 * every module so imported in an initialiser, and an entry point's initialiser runs all of what it
 * re-exports (every builder, every value operation). Without this the hook runtime carried all of TypeBox
 * (~190 KiB of source, ~1.2 MB of its bytecode) and ran its initialisers at every start. A name the sources
 * start to import that is not listed here fails the build ("No matching export").
 */
const typeboxParts: BunPlugin = {
  name: "typebox-parts",
  setup(build) {
    const esm = dirname(Bun.resolveSync("@sinclair/typebox", import.meta.dir));
    const parts: Record<string, Record<string, string[]>> = {
      "@sinclair/typebox": {
        "type/array/index.mjs": ["Array"],
        "type/boolean/index.mjs": ["Boolean"],
        "type/integer/index.mjs": ["Integer"],
        "type/literal/index.mjs": ["Literal"],
        "type/null/index.mjs": ["Null"],
        "type/number/index.mjs": ["Number"],
        "type/object/index.mjs": ["Object"],
        "type/optional/index.mjs": ["Optional"],
        "type/record/index.mjs": ["Record"],
        "type/string/index.mjs": ["String"],
        "type/union/index.mjs": ["Union"],
        "type/unknown/index.mjs": ["Unknown"],
        "type/symbols/index.mjs": ["Kind", "OptionalKind"],
      },
      "@sinclair/typebox/value": { "value/check/index.mjs": ["Check"] },
      "@sinclair/typebox/errors": { "errors/index.mjs": ["Errors", "ValueErrorType"] },
    };
    build.onResolve({ filter: /^@sinclair\/typebox(\/value|\/errors)?$/ }, (args) => ({
      path: args.path,
      namespace: "typebox-parts",
    }));
    build.onLoad({ filter: /.*/, namespace: "typebox-parts" }, (args) => ({
      contents: Object.entries(parts[args.path]!)
        .map(([file, names]) => `export { ${names.join(", ")} } from ${JSON.stringify(`${esm}/${file}`)};`)
        .join("\n"),
      loader: "js",
    }));
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

/** Where o200k's encoding is (build.ts bundles it as a file of its own, for the hook bundles). */
export const o200kEncoding = (): string =>
  Bun.resolveSync("gpt-tokenizer/encoding/o200k_base", new URL("../hud-components/src/", import.meta.url).pathname);

/**
 * o200k's encoding without its rank table in any bundle (build-lazy-o200k.ts): one file beside the chunks,
 * where a chunk of its own would be a second copy of ~3 MB in each host's folder beside the hook's, and a
 * CommonJS hook bundle, which inlines the lazy tokenizer's dynamic import, would carry it in its bytecode.
 */
export const lazyO200k: BunPlugin = {
  name: "lazy-o200k",
  setup(build) {
    const path = new URL("./build-lazy-o200k.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, () => ({ path }));
  },
};

/**
 * The markdown parser out of a bundle (build-lazy-markdown.ts): for the CommonJS hook runtime, whose
 * bytecode would otherwise carry it.
 */
export const lazyMarkdown: BunPlugin = {
  name: "lazy-markdown",
  setup(build) {
    const path = new URL("./build-lazy-markdown.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^(mdast-util-from-markdown|micromark-extension-gfm)$/ }, () => ({ path }));
  },
};

/**
 * TypeBox's errors out of a bundle (build-lazy-typebox-errors.ts): for the CommonJS hook runtime, which only
 * describes a value once a check failed. Ahead of `typeboxParts`, which would take the name first.
 */
export const lazyTypeboxErrors: BunPlugin = {
  name: "lazy-typebox-errors",
  setup(build) {
    const path = new URL("./build-lazy-typebox-errors.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^@sinclair\/typebox\/errors$/ }, (args) =>
      args.importer === path ? undefined : { path },
    );
  },
};

/** TypeBox's schema compiler left out of a bundle (build-interpreted-checks.ts): for the CommonJS hook runtime. */
export const interpretedChecks: BunPlugin = {
  name: "interpreted-checks",
  setup(build) {
    const path = new URL("./build-interpreted-checks.ts", import.meta.url).pathname;
    build.onResolve({ filter: /^@sinclair\/typebox\/compiler$/ }, () => ({ path }));
  },
};

/**
 * A hook entry's runtime apart (build-host-root.ts): the hook's `import("./in-process.ts")` loads the built
 * `hook-runtime.js` beside it, so a hook that the session's MCP server takes loads only the entry. (Bun
 * keeps an external import's own specifier, so the entry's text names the built file.)
 */
export const hookRuntimeApart: BunPlugin = {
  name: "hook-runtime-apart",
  setup(build) {
    build.onLoad({ filter: /\/host\/[^/]+\/hook-entry\.ts$/ }, async (args) => {
      const text = await Bun.file(args.path).text();
      const contents = text.replace('import("./in-process.ts")', 'import("./hook-runtime.js")');
      if (contents === text) throw new Error(`${args.path} no longer imports ./in-process.ts`);
      return { contents, loader: "ts" };
    });
    build.onResolve({ filter: /^\.\/hook-runtime\.js$/ }, () => ({ path: "./hook-runtime.js", external: true }));
  },
};

/**
 * The hook runtime's own dynamic imports made static (build-host-root.ts): a CommonJS bundle inlines a
 * dynamic import and wraps the module it imports, and every module that one reaches, in an initialiser. The
 * compaction's router and the memory file's parse reach most of the runtime, so most of it was wrapped: each
 * barrel's initialiser ran all it re-exports and nothing of them was tree-shaken (~90 KB of the bundle's
 * source, ~3 ms of a cold hook's import). The lazy tokenizer's o200k and TypeBox's compiler stay dynamic:
 * leaves, which wrap only themselves. A listed file that no longer imports its module fails the build.
 */
export const staticImports: BunPlugin = {
  name: "static-imports",
  setup(build) {
    const imports: Record<string, string> = {
      "/src/host/claude-code/handle.ts": "../../hooks/session-compacting.ts",
      "/src/memory-file/parser.ts": "./parse-file.ts",
    };
    build.onLoad({ filter: /\/src\/(host\/claude-code\/handle|memory-file\/parser)\.ts$/ }, async (args) => {
      const specifier = Object.entries(imports).find(([file]) => args.path.endsWith(file))?.[1];
      const text = await Bun.file(args.path).text();
      const dynamic = `import(${JSON.stringify(specifier)})`;
      if (!specifier || !text.includes(dynamic)) throw new Error(`${args.path} no longer imports ${specifier}`);
      const contents = `import * as staticImport from ${JSON.stringify(specifier)};\n${text.replace(dynamic, "Promise.resolve(staticImport)")}`;
      return { contents, loader: "ts" };
    });
  },
};

type BundleOptions = {
  entrypoints: string[];
  outdir: string;
  root?: string;
  naming?: string;
  splitting?: boolean;
  /** CommonJS with a bytecode cache beside the file (`<file>.jsc`): Bun's bytecode needs CommonJS */
  bytecode?: boolean;
  plugins?: BunPlugin[];
};

/** Bundles, prints each output with its size (`label` names the file), and exits the build on failure. */
export async function bundle(options: BundleOptions, label: (path: string) => string): Promise<void> {
  const { bytecode, plugins = [], ...rest } = options;
  const result = await Bun.build({
    ...rest,
    target: "bun",
    format: bytecode ? "cjs" : "esm",
    bytecode,
    conditions: ["production"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    minify: { syntax: true, whitespace: false, identifiers: false },
    sourcemap: "none",
    // a caller's own first: each takes a name the defaults would otherwise resolve
    plugins: [...plugins, typeboxParts, lazyEntities, lazyJsTokens, lazyO200k],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    process.exit(1);
  }
  // Bun writes no bytecode, silently, for a bundle JSC cannot compile as CommonJS (an `import.meta` left in
  // it): the hook would then parse its whole bundle on every start
  if (bytecode && !result.outputs.some((output) => output.kind === "bytecode")) {
    console.error(`no bytecode was written for ${options.entrypoints.join(", ")}: is there an import.meta in it?`);
    process.exit(1);
  }
  for (const output of result.outputs) console.log(`${label(output.path)} ${(output.size / 1024).toFixed(0)} KiB`);
}
