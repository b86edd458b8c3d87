// The Gemini CLI extension (`dist/gemini/`): a folder `gemini extensions install` copies. Gemini CLI reads an
// extension's hooks from `hooks/hooks.json` only, so this root is its own folder (the package's root holds
// Claude Code's file at that path).
import { mkdirSync, writeFileSync } from "node:fs";
import { buildHostRoot, json } from "./build-host-root.ts";
import { extensionJson, HOOK_SH, hooksJson } from "./src/host/gemini/extension.ts";

export async function buildGemini(outdir: string, version: string): Promise<void> {
  const root = await buildHostRoot(outdir, "gemini", ["mcp.ts"], { "hook.sh": HOOK_SH });
  mkdirSync(`${root}/hooks`, { recursive: true });
  writeFileSync(`${root}/gemini-extension.json`, json(extensionJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
}
