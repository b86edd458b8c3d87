// The Codex plugin root (`dist/codex/`): `.codex-plugin/plugin.json`, `hooks/hooks.json`, `.mcp.json` and
// the bundled scripts. The package's own folder is the marketplace root that installs it
// (`.agents/plugins/marketplace.json`): `codex plugin marketplace add <package folder>`.
import { mkdirSync, writeFileSync } from "node:fs";
import { buildHostRoot, json, packageDir } from "./build-host-root.ts";
import { HOOK_SH, hooksJson, marketplaceJson, mcpJson, pluginJson } from "./src/host/codex/plugin-root.ts";

export async function buildCodex(outdir: string, version: string): Promise<void> {
  const root = await buildHostRoot(outdir, "codex", ["mcp.ts"], { "hook.sh": HOOK_SH });
  for (const dir of [".codex-plugin", "hooks"]) mkdirSync(`${root}/${dir}`, { recursive: true });
  writeFileSync(`${root}/.codex-plugin/plugin.json`, json(pluginJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
  writeFileSync(`${root}/.mcp.json`, json(mcpJson()));
  mkdirSync(`${packageDir}.agents/plugins`, { recursive: true });
  writeFileSync(`${packageDir}.agents/plugins/marketplace.json`, json(marketplaceJson()));
}
