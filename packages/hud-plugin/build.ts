// Bundles the plugin into ESM so the published package has no runtime dependencies: ujsx, hud-components,
// TypeBox, the mdast utilities, zod and the secret rule set are inlined. What the start must not pay for stays out of the entry:
// production builds of every dependency (no micromark assertions or `debug`), and the o200k rank table in a
// file of its own: no hud-components entry imports it eagerly, only the lazy tokenizer, in the background,
// when a HUD grows.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { bundle, entityTable, jsTokensPackage, o200kEncoding } from "./build-bundle.ts";
import { configJsonSchema } from "./src/config/json-schema.ts";
import { CLI_HEAD } from "./src/hook-process/plugin-files.ts";

const outdir = new URL("./dist", import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });

const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;

/**
 * Two builds, so that chunks are split per target: in one build Bun groups the modules the person's views
 * share with the server into one chunk, and the server would then load the markdown parser at start. In
 * the server build the parser is reachable only through the memory file's dynamic import.
 */
const targets = [
  [src("server.ts")],
  // the TUI entry (tui/index.tsx) imports core at load and edit on the person's first edit; cli is `agent-hud`
  [src("board/core.ts"), src("edit/index.ts"), src("cli/index.ts")],
];
for (const entrypoints of targets)
  await bundle({ entrypoints, root: src(""), outdir, splitting: true }, (path) => path.split("/").slice(-2).join("/"));

// The secret rule set and the linear-time engine of the person's patterns: files of their own beside the
// chunks, which the redactor requires on first need (src/privacy/load-rule-set.ts, load-linear-patterns.ts),
// so no entry parses them at start.
const fileName = (path: string) => path.split("/").at(-1)!;
for (const [entry, name] of [
  ["privacy/rule-set.ts", "privacy-rules"],
  ["privacy/linear-patterns.ts", "privacy-patterns"],
])
  await bundle({ entrypoints: [src(entry!)], outdir, naming: `${name}.[ext]` }, fileName);

// The HTML entity table the markdown packages decode references with: required on the first decode
// (build-lazy-entities.ts), so no entry parses it at start.
await bundle({ entrypoints: [entityTable()], outdir, naming: "html-entities.[ext]" }, fileName);

// The tokenizer component sources are checked with: required on the first source read (build-lazy-js-tokens.ts).
await bundle({ entrypoints: [jsTokensPackage()], outdir, naming: "js-tokens.[ext]" }, fileName);

// o200k's encoding with its rank table: one file beside the bundles, which each require on the lazy tokenizer's
// load (build-lazy-o200k.ts), never at start.
await bundle({ entrypoints: [o200kEncoding()], outdir, naming: "o200k-base.[ext]" }, fileName);

// The markdown parser, for the hook bundles, which would otherwise carry it in their bytecode
// (build-lazy-markdown.ts); the other bundles reach it only through the memory file's dynamic import.
await bundle(
  {
    entrypoints: [new URL("./build-markdown-parser.ts", import.meta.url).pathname],
    outdir,
    naming: "markdown-parser.[ext]",
  },
  fileName,
);

// TypeBox's errors, for the hook bundles, which describe a value only once a check failed
// (build-lazy-typebox-errors.ts).
await bundle(
  {
    entrypoints: [new URL("./build-typebox-errors.ts", import.meta.url).pathname],
    outdir,
    naming: "typebox-errors.[ext]",
  },
  fileName,
);

// The process agent components run in (src/agent-components/sandbox-client.ts starts it from beside the
// chunks): a file of its own, with the compiler and QuickJS's glue, none of which the plugin's thread loads.
await bundle(
  { entrypoints: [src("agent-components/sandbox-process.ts")], outdir, naming: "sandbox-process.[ext]" },
  fileName,
);

// QuickJS's wasm, for agent components: read beside the chunks (src/agent-components/quickjs.ts) on the first
// component, never at start.
copyFileSync(Bun.resolveSync("@jitl/quickjs-wasmfile-release-sync/wasm", import.meta.dir), `${outdir}/quickjs.wasm`);

// the command starts bun without the project's bunfig.toml and .env (CLI_HEAD), in place of the source's `#!` line
const cli = `${outdir}/cli/index.js`;
const cliText = readFileSync(cli, "utf8");
if (!cliText.startsWith("#!/usr/bin/env bun\n")) throw new Error(`${cli} does not start with the source's #! line`);
writeFileSync(cli, CLI_HEAD + cliText.slice(cliText.indexOf("\n") + 1));

writeFileSync(`${outdir}/agent-hud.schema.json`, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);

// opencode reads only the default export; the declaration lets a TypeScript config file import it typed.
writeFileSync(
  `${outdir}/server.d.ts`,
  [
    'import type { Plugin } from "@opencode-ai/plugin";',
    "/** opencode 1.x calls `server`; opencode 2 calls `setup` with its plugin context. */",
    "declare const plugin: { id: string; server: Plugin; setup: (context: object) => Promise<(() => Promise<void>) | void> };",
    "export default plugin;",
    "",
  ].join("\n"),
);

// The TUI's .tsx files import these built modules; their declarations are the sources', for the tui/ check.
for (const entry of ["board/core", "edit/index"])
  writeFileSync(`${outdir}/${entry}.d.ts`, `export * from "../../src/${entry}.ts";\n`);

// the third host: the Claude Code plugin root, after the rule set and wasm it copies
const version = (await Bun.file(new URL("./package.json", import.meta.url)).json()).version;
await (await import("./build-claude-code.ts")).buildClaudeCode(outdir, version);
// the fourth host: the Codex plugin root, and the package folder as its marketplace root
await (await import("./build-codex.ts")).buildCodex(outdir, version);
// the fifth host: the Gemini CLI extension, after the rule set and wasm it copies
await (await import("./build-gemini.ts")).buildGemini(outdir, version);
