// The Claude Code plugin root (`dist/claude-code/`): a folder `claude --plugin-dir` loads. Its scripts are
// bundles of their own, beside which the files the runtime reads beside its chunks are copied. The package's
// own folder gets the same manifests with their paths moved under `dist/claude-code/`: that is the root a
// marketplace's npm source installs (src/host/claude-code/package-root.ts).
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { buildHostRoot, json, packageDir, src } from "./build-host-root.ts";
import {
  HOOK_SH,
  HUD_COMMAND,
  STATUSLINE_SH,
  hooksJson,
  mcpJson,
  MOD_DIR,
  MOD_FILE,
  pluginJson,
} from "./src/host/claude-code/plugin-root.ts";
import { underPackageRoot } from "./src/host/claude-code/package-root.ts";

/** The manifests, the command and the icon of a plugin root; `move` rewrites the manifests' paths. */
function writeManifests(root: string, version: string, move: <T>(manifest: T, folder?: string) => T): void {
  const here = (path: string) => new URL(`./${path}`, import.meta.url).pathname;
  for (const dir of [".claude-plugin", "hooks", "commands"]) mkdirSync(`${root}/${dir}`, { recursive: true });
  writeFileSync(`${root}/.claude-plugin/plugin.json`, json(move(pluginJson(version))));
  copyFileSync(here("assets/icon.png"), `${root}/.claude-plugin/icon.png`);
  writeFileSync(`${root}/hooks/hooks.json`, json(move(hooksJson(), "hooks")));
  writeFileSync(`${root}/.mcp.json`, json(move(mcpJson())));
  writeFileSync(`${root}/commands/hud.md`, HUD_COMMAND);
}

export async function buildClaudeCode(outdir: string, version: string): Promise<void> {
  const root = await buildHostRoot(outdir, "claude-code", ["mcp.ts", "statusline-command.ts"], {
    "hook.sh": HOOK_SH,
    "statusline.sh": STATUSLINE_SH,
  });
  writeManifests(root, version, (manifest) => manifest);
  writeManifests(packageDir, version, underPackageRoot);
  // the mod runs inside Claude Code (web APIs only): one readable module, its helpers inlined, so its
  // imports need no extension rules and `claude plugin validate` reads every `$` call where it is made. It
  // refuses a second binding named `next` (the continuation), and Bun 1.4's bundler keeps a shadowing name
  // where 1.3 renamed it, so the mod's inner bindings take names of their own (the bundle is the same from either)
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
