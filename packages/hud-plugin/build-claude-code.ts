// The Claude Code plugin root (`dist/claude-code/`): a folder `claude --plugin-dir` loads, and what the
// repository's marketplace manifest points at. Its scripts are bundles of their own, beside which the
// files the runtime reads beside its chunks are copied.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { bundle } from "./build-bundle.ts";
import { iconPng } from "./src/host/claude-code/icon.ts";
import {
  HOOK_SH,
  HUD_COMMAND,
  hooksJson,
  mcpJson,
  MOD_DIR,
  MOD_FILE,
  pluginJson,
} from "./src/host/claude-code/plugin-root.ts";

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
  // what a plugin directory asks of a plugin folder: its README, its license and a square icon
  copyFileSync(new URL("./README.md", import.meta.url).pathname, `${root}/README.md`);
  copyFileSync(new URL("./LICENSE", import.meta.url).pathname, `${root}/LICENSE`);
  writeFileSync(`${root}/.claude-plugin/icon.png`, iconPng());
  // the mod runs inside Claude Code (web APIs only): one readable module, its helpers inlined, so its
  // imports need no extension rules and `claude plugin validate` reads every `$` call where it is made
  const mod = await Bun.build({
    entrypoints: [src("host/claude-code/mod/register.ts")],
    target: "browser",
    format: "esm",
    minify: false,
    sourcemap: "none",
  });
  if (!mod.success) {
    for (const message of mod.logs) console.error(message);
    process.exit(1);
  }
  mkdirSync(`${root}/${MOD_DIR}`, { recursive: true });
  writeFileSync(`${root}/${MOD_DIR}/${MOD_FILE}`, await mod.outputs[0]!.text());
}
