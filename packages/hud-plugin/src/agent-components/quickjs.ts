import type { QuickJSSyncVariant, QuickJSWASMModule } from "quickjs-emscripten-core";
import { readFile } from "node:fs/promises";

type Engine = { core: typeof import("quickjs-emscripten-core"); variant: QuickJSSyncVariant; wasm: WebAssembly.Module };

let loading: Promise<Engine> | undefined;
let loaded: Engine | undefined;

/** Pages of 64 KiB: each component's whole wasm memory (QuickJS heap, stack and static data) is 16 MiB. */
const MEMORY_PAGES = 256;

/**
 * Where the QuickJS wasm is: beside the bundle's chunks (the build copies it there), else the package's own
 * file when running from source.
 */
function wasmPath(): string {
  // resolved from the file that runs, which `import.meta.url` is not in a CommonJS hook bundle
  for (const place of ["./quickjs.wasm", "@jitl/quickjs-wasmfile-release-sync/wasm"])
    try {
      return require.resolve(place);
    } catch {
      // not there: the next place
    }
  throw new Error("quickjs.wasm is missing beside the plugin's files; reinstall agent-hud");
}

/**
 * Loads QuickJS once, on the first agent component (a define, or an LLM call whose state has one), never
 * at plugin start: the engine and its ~0.5 MB of wasm are compiled only in a project that uses them. Both
 * modules are behind dynamic imports, so the bundle keeps them out of the start chunk.
 */
export function loadQuickJS(): Promise<Engine> {
  loading ??= (async () => {
    const [core, variant, bytes] = await Promise.all([
      import("quickjs-emscripten-core"),
      import("@jitl/quickjs-wasmfile-release-sync"),
      readFile(wasmPath()),
    ]);
    loaded = { core, variant: variant.default, wasm: await WebAssembly.compile(bytes) };
    return loaded;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export const quickJSLoaded = (): boolean => loaded !== undefined;

/**
 * A QuickJS instance of its own for one component: its own wasm memory of fixed size, which cannot grow.
 * QuickJS's own memory limit only counts single allocations in this build (it has no malloc_usable_size),
 * so the memory a component can fill is bounded here instead: past it, QuickJS throws "out of memory"
 * inside the component. Instantiating the compiled module takes ~2 ms.
 */
export async function newEngine(): Promise<QuickJSWASMModule> {
  const { core, variant, wasm } = await loadQuickJS();
  const memory = new WebAssembly.Memory({ initial: MEMORY_PAGES, maximum: MEMORY_PAGES });
  return core.newQuickJSWASMModuleFromVariant(core.newVariant(variant, { wasmModule: wasm, wasmMemory: memory }));
}

export const ENGINE_MEMORY_BYTES = MEMORY_PAGES * 64 * 1024;
