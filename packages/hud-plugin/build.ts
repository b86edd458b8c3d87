// Bundles the plugin into one ESM file so the published package has no runtime dependencies:
// ujsx, hud-components, TypeBox, the mdast utilities, gpt-tokenizer and zod are all inlined.
import { rmSync } from "node:fs";

rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [
    new URL("./src/server.ts", import.meta.url).pathname,
    // the TUI entry (tui/index.tsx) imports these: core at load, edit on the person's first edit
    new URL("./src/tui/core.ts", import.meta.url).pathname,
    new URL("./src/tui/edit.ts", import.meta.url).pathname,
    // the `agent-hud` command: the live HUD outside the TUI
    new URL("./src/cli/index.ts", import.meta.url).pathname,
  ],
  root: new URL("./src", import.meta.url).pathname,
  outdir: new URL("./dist", import.meta.url).pathname,
  target: "bun",
  format: "esm",
  minify: { syntax: true, whitespace: false, identifiers: false },
  sourcemap: "none",
});
if (!result.success) {
  for (const message of result.logs) console.error(message);
  process.exit(1);
}
for (const output of result.outputs)
  console.log(`${output.path.split("/").slice(-2).join("/")} ${(output.size / 1024).toFixed(0)} KiB`);
