// What every host's folder under dist/ starts with (build-claude-code.ts, build-codex.ts, build-gemini.ts):
// its scripts bundled on their own, the files the runtime reads beside its chunks, its executable shell
// wrappers, and the package's README and licence.
import type { BunPlugin } from "bun";
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import {
  bundle,
  hookRuntimeApart,
  interpretedChecks,
  lazyMarkdown,
  lazyTypeboxErrors,
  staticImports,
} from "./build-bundle.ts";

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A path under the package's src/. */
export const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;

/** The package's own folder, with a trailing slash. */
export const packageDir = new URL("./", import.meta.url).pathname;

/**
 * Writes `<outdir>/<host>/scripts/`: the hook, the bundles of `entries` (files of src/host/<host>/), the
 * side files build.ts wrote to `outdir`, and each of `shells` (name -> text) as an executable; then the
 * README and licence at the host's root. Returns that root.
 */
export async function buildHostRoot(
  outdir: string,
  host: string,
  entries: string[],
  shells: Record<string, string>,
): Promise<string> {
  const root = `${outdir}/${host}`;
  const scripts = `${root}/scripts`;
  await bundle(
    {
      entrypoints: entries.map((entry) => src(`host/${host}/${entry}`)),
      root: src(`host/${host}`),
      outdir: scripts,
      splitting: true,
    },
    (path) => `${host}/${path.split("/").at(-1)}`,
  );
  // The hook: a process a host starts for every hook, which hands the hook to the session's MCP server, or
  // opens the runtime and renders when none runs. Two CommonJS files, each with its bytecode beside it
  // (`.jsc`), which Bun reads in place of parsing and compiling them (a cold hook's imports and first
  // render took a third of its CPU to compile): `hook.js`, and the runtime it requires only in-process,
  // `hook-runtime.js`; the lazy pieces stay files of their own, o200k's encoding with them.
  const label = (path: string) => `${host}/${path.split("/").at(-1)}`;
  const hook = (entry: string, naming: string, plugins: BunPlugin[] = []) =>
    bundle({ entrypoints: [src(`host/${host}/${entry}`)], outdir: scripts, naming, bytecode: true, plugins }, label);
  await hook("hook.ts", "hook.[ext]", [hookRuntimeApart]);
  await hook("in-process.ts", "hook-runtime.[ext]", [
    staticImports,
    lazyMarkdown,
    lazyTypeboxErrors,
    interpretedChecks,
  ]);
  // what the runtime reads beside its chunks, on first need: the secret rule set, the engine of the
  // person's patterns, the HTML entity table, the tokenizer of component sources, o200k's encoding, the
  // markdown parser and TypeBox's errors (the hook's), the agent components' process and QuickJS's wasm
  for (const file of [
    "privacy-rules.js",
    "privacy-patterns.js",
    "html-entities.js",
    "js-tokens.js",
    "o200k-base.js",
    "markdown-parser.js",
    "typebox-errors.js",
    "sandbox-process.js",
    "quickjs.wasm",
  ])
    copyFileSync(`${outdir}/${file}`, `${scripts}/${file}`);
  for (const [name, text] of Object.entries(shells)) {
    writeFileSync(`${scripts}/${name}`, text);
    chmodSync(`${scripts}/${name}`, 0o755);
  }
  // a host's root carries the package's README and licence
  for (const file of ["README.md", "LICENSE"]) copyFileSync(`${packageDir}${file}`, `${root}/${file}`);
  return root;
}
