// The Gemini CLI extension (`dist/gemini/`): a folder `gemini extensions install` copies. Gemini CLI reads an
// extension's hooks from `hooks/hooks.json` only, so this root is its own folder (the package's root holds
// Claude Code's file at that path). Its scripts are bundles of their own, beside which the files the runtime
// reads beside its chunks are copied.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { bundle } from "./build-bundle.ts";
import { extensionJson, HOOK_SH, hooksJson } from "./src/host/gemini/extension.ts";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function buildGemini(outdir: string, version: string): Promise<void> {
  const root = `${outdir}/gemini`;
  const scripts = `${root}/scripts`;
  const src = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;
  await bundle(
    {
      entrypoints: [src("host/gemini/hook.ts"), src("host/gemini/mcp.ts")],
      root: src("host/gemini"),
      outdir: scripts,
      splitting: true,
    },
    (path) => `gemini/${path.split("/").at(-1)}`,
  );
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
  mkdirSync(`${root}/hooks`, { recursive: true });
  writeFileSync(`${root}/gemini-extension.json`, json(extensionJson(version)));
  writeFileSync(`${root}/hooks/hooks.json`, json(hooksJson()));
  const pkg = new URL("./", import.meta.url).pathname;
  for (const file of ["README.md", "LICENSE"]) copyFileSync(`${pkg}${file}`, `${root}/${file}`);
}
