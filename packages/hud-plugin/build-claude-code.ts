// The Claude Code plugin root (`dist/claude-code/`): a folder `claude --plugin-dir` loads, and what the
// repository's marketplace manifest points at. Its scripts are bundles of their own, beside which the
// files the runtime reads beside its chunks are copied.
import { chmodSync, copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { bundle } from "./build-bundle.ts";
import { HOOK_SH, HUD_COMMAND, hooksJson, mcpJson, MOD_DIR, pluginJson } from "./src/host/claude-code/plugin-root.ts";

export async function buildClaudeCode(outdir: string, version: string): Promise<void> {
  const root = `${outdir}/claude-code`;
  const scripts = `${root}/scripts`;
  const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;
  await bundle(
    {
      entrypoints: [src("host/claude-code/hook.ts"), src("host/claude-code/mcp.ts")],
      root: src("host/claude-code"),
      outdir: scripts,
      splitting: true,
    },
    (path) => `claude-code/${path.split("/").at(-1)}`,
  );
  // what the runtime reads beside its chunks, on first need: the secret rule set, the engine of the
  // person's patterns, the agent components' process and QuickJS's wasm
  for (const file of ["privacy-rules.js", "privacy-patterns.js", "sandbox-process.js", "quickjs.wasm"])
    copyFileSync(`${outdir}/${file}`, `${scripts}/${file}`);
  writeFileSync(`${scripts}/hook.sh`, HOOK_SH);
  chmodSync(`${scripts}/hook.sh`, 0o755);
  for (const dir of [".claude-plugin", "hooks", "commands"]) mkdirSync(`${root}/${dir}`, { recursive: true });
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  writeFileSync(`${root}/.claude-plugin/plugin.json`, json(pluginJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
  writeFileSync(`${root}/.mcp.json`, json(mcpJson()));
  writeFileSync(`${root}/commands/hud.md`, HUD_COMMAND);
  // the mod is source Claude Code loads itself (no Node, no Bun there): copied, never bundled
  mkdirSync(`${root}/${MOD_DIR}`, { recursive: true });
  for (const file of readdirSync(src("host/claude-code/mod")).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  ))
    copyFileSync(src(`host/claude-code/mod/${file}`), `${root}/${MOD_DIR}/${file}`);
}
