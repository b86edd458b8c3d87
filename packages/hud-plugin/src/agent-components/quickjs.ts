import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";

let loading: Promise<QuickJSWASMModule> | undefined;
let loaded: QuickJSWASMModule | undefined;

/**
 * Where the QuickJS wasm is: beside the bundle's chunks (the build copies it there), else the package's own
 * file when running from source.
 */
function wasmPath(): string {
  const bundled = new URL("./quickjs.wasm", import.meta.url).pathname;
  if (existsSync(bundled)) return bundled;
  return Bun.resolveSync("@jitl/quickjs-wasmfile-release-sync/wasm", import.meta.dir);
}

/**
 * Loads QuickJS once, on the first agent component (a define, or a HUD whose state has one), never at
 * plugin start: the engine and its ~0.5 MB of wasm cost ~40 ms that a project without agent components
 * never pays. Both modules are behind dynamic imports, so the bundle keeps them out of the start chunk.
 */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  loading ??= (async () => {
    const [core, variant, wasm] = await Promise.all([
      import("quickjs-emscripten-core"),
      import("@jitl/quickjs-wasmfile-release-sync"),
      readFile(wasmPath()),
    ]);
    const binary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    loaded = await core.newQuickJSWASMModuleFromVariant(core.newVariant(variant.default, { wasmBinary: binary }));
    return loaded;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** QuickJS when it has loaded; the render path is synchronous and never waits for it. */
export const quickJS = (): QuickJSWASMModule | undefined => loaded;
