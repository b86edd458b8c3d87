// Bundles the plugin into ESM so the published package has no runtime dependencies: ujsx, hud-components,
// TypeBox, the mdast utilities and zod are inlined. What the start must not pay for stays out of the entry:
// production builds of every dependency (no micromark assertions or `debug`), and the o200k rank table in a
// chunk of its own: no hud-components entry imports it eagerly, only the lazy tokenizer, in the background,
// when a HUD grows.
import { rmSync, writeFileSync } from "node:fs";
import { configJsonSchema } from "./src/config/json-schema.ts";

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
  [src("tui/core.ts"), src("tui/edit.ts"), src("cli/index.ts")],
];
for (const entrypoints of targets) {
  const result = await Bun.build({
    entrypoints,
    root: src(""),
    outdir,
    target: "bun",
    format: "esm",
    splitting: true,
    conditions: ["production"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    minify: { syntax: true, whitespace: false, identifiers: false },
    sourcemap: "none",
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    process.exit(1);
  }
  for (const output of result.outputs)
    console.log(`${output.path.split("/").slice(-2).join("/")} ${(output.size / 1024).toFixed(0)} KiB`);
}

writeFileSync(`${outdir}/agent-hud.schema.json`, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);

// opencode reads only the default export; the declaration lets a TypeScript config file import it typed.
writeFileSync(
  `${outdir}/server.d.ts`,
  'import type { Plugin } from "@opencode-ai/plugin";\ndeclare const plugin: { id: string; server: Plugin };\nexport default plugin;\n',
);
