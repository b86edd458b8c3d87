// The Codex plugin root (`dist/codex/`): `.codex-plugin/plugin.json`, `hooks/hooks.json`, `.mcp.json` and
// the bundled scripts. The package's own folder is the marketplace root that installs it
// (`.agents/plugins/marketplace.json`): `codex plugin marketplace add <package folder>`.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { bundle } from "./build-bundle.ts";
import { HOOK_SH, hooksJson, marketplaceJson, mcpJson, pluginJson } from "./src/host/codex/plugin-root.ts";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function buildCodex(outdir: string, version: string): Promise<void> {
  const root = `${outdir}/codex`;
  const scripts = `${root}/scripts`;
  const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;
  await bundle(
    {
      entrypoints: [src("host/codex/hook.ts"), src("host/codex/mcp.ts")],
      root: src("host/codex"),
      outdir: scripts,
      splitting: true,
    },
    (path) => `codex/${path.split("/").at(-1)}`,
  );
  // what the runtime reads beside its chunks, on first need (as in the Claude Code plugin root)
  for (const file of [
    "privacy-rules.js",
    "privacy-patterns.js",
    "html-entities.js",
    "sandbox-process.js",
    "quickjs.wasm",
  ])
    copyFileSync(`${outdir}/${file}`, `${scripts}/${file}`);
  writeFileSync(`${scripts}/hook.sh`, HOOK_SH);
  chmodSync(`${scripts}/hook.sh`, 0o755);
  for (const dir of [".codex-plugin", "hooks"]) mkdirSync(`${root}/${dir}`, { recursive: true });
  writeFileSync(`${root}/.codex-plugin/plugin.json`, json(pluginJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
  writeFileSync(`${root}/.mcp.json`, json(mcpJson()));
  const pkg = new URL("./", import.meta.url).pathname;
  for (const file of ["README.md", "LICENSE"]) copyFileSync(`${pkg}${file}`, `${root}/${file}`);
  mkdirSync(`${pkg}.agents/plugins`, { recursive: true });
  writeFileSync(`${pkg}.agents/plugins/marketplace.json`, json(marketplaceJson()));
}
