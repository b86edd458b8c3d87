// The Claude Code plugin root (`dist/claude-code/`): a folder `claude --plugin-dir` loads, and what the
// repository's marketplace manifest points at. Its scripts are bundles of their own, beside which the
// secret rule set and QuickJS's wasm are copied, because the runtime reads them beside its chunks.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { HOOK_SH, HUD_COMMAND, hooksJson, mcpJson, pluginJson } from "./src/host/claude-code/plugin-root.ts";

export async function buildClaudeCode(outdir: string, version: string): Promise<void> {
  const root = `${outdir}/claude-code`;
  const scripts = `${root}/scripts`;
  const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;
  const result = await Bun.build({
    entrypoints: [src("host/claude-code/hook.ts"), src("host/claude-code/mcp.ts")],
    root: src("host/claude-code"),
    outdir: scripts,
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
    console.log(`claude-code/${output.path.split("/").slice(-1)} ${(output.size / 1024).toFixed(0)} KiB`);
  copyFileSync(`${outdir}/privacy-rules.js`, `${scripts}/privacy-rules.js`);
  copyFileSync(`${outdir}/quickjs.wasm`, `${scripts}/quickjs.wasm`);
  writeFileSync(`${scripts}/hook.sh`, HOOK_SH);
  chmodSync(`${scripts}/hook.sh`, 0o755);
  for (const dir of [".claude-plugin", "hooks", "commands"]) mkdirSync(`${root}/${dir}`, { recursive: true });
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(`${root}/.claude-plugin/plugin.json`, json(pluginJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
  writeFileSync(`${root}/.mcp.json`, json(mcpJson()));
  writeFileSync(`${root}/commands/hud.md`, HUD_COMMAND);
}
