import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten-core";
import { clipError } from "./clip-error.ts";
import { limits } from "./limits.ts";
import { PRELUDE } from "./prelude.ts";
import { resolveHelper, SANDBOX_MODULES } from "./sandbox-modules.ts";

/** A component file's module graph: its own name and its helpers' compiled code by folder-relative path. */
export type Linked = { entry: string; helpers: Record<string, string> };

export type SandboxResult = { ok: true; json: string } | { ok: false; error: string };

/**
 * One agent component in its own QuickJS runtime: its own heap (memory limit), stack limit and interrupt
 * deadline, and a context holding only ECMAScript built-ins and the prelude: no `process`, `Bun`, `fetch`,
 * `require`, timers, file system or network exist in it, and nothing of the host is ever passed in except
 * a JSON string. Each sandbox has a QuickJS instance of its own (`newEngine`), so its wasm memory is its own
 * and bounded. Runs on the plugin's thread: a render is ~0.1 ms, and the HUD is built synchronously.
 */
export class ComponentSandbox {
  private runtime: QuickJSRuntime;
  private context: QuickJSContext;
  private render: QuickJSHandle | undefined;
  private component: QuickJSHandle | undefined;
  private deadline = 0;
  private disposed = false;

  private constructor(
    module: QuickJSWASMModule,
    private readonly renderMs: number,
    private readonly loadMs: number,
  ) {
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() => performance.now() > this.deadline);
    this.context = this.runtime.newContext();
  }

  /**
   * Evaluates the prelude and the component module; one line with the error's position on failure.
   * `renderMs` and `loadMs` are the time a render and the load may take: `limits`' everywhere but in tests
   * whose outcome must not depend on how loaded the machine is (a memory bomb runs out of memory, not out of
   * time; a valid component is defined, not refused because the machine was busy).
   */
  static open(
    module: QuickJSWASMModule,
    code: string,
    renderMs: number = limits.renderMs,
    loadMs: number = limits.loadMs,
    linked?: Linked,
  ): { ok: true; sandbox: ComponentSandbox } | { ok: false; error: string } {
    const sandbox = new ComponentSandbox(module, renderMs, loadMs);
    if (linked) sandbox.link(linked.helpers);
    const error = sandbox.load(code, linked?.entry);
    if (error === undefined) return { ok: true, sandbox };
    if (/^(took longer|ran out of memory|overflowed)/.test(error)) sandbox.broken = true;
    sandbox.dispose();
    return { ok: false, error };
  }

  /**
   * Imports resolve only to the helpers the host read (compiled in this process) and the sandbox's own
   * modules; QuickJS asks this loader for nothing else, and no file is read here.
   */
  private link(helpers: Record<string, string>): void {
    this.runtime.setModuleLoader(
      (name) => helpers[name] ?? SANDBOX_MODULES[name] ?? { error: new Error(`cannot find module ${name}`) },
      (base, requested) =>
        requested in SANDBOX_MODULES
          ? requested
          : (resolveHelper(base, requested, (path) => path in helpers) ?? {
              error: new Error(`cannot find ${requested} from ${base}`),
            }),
    );
  }

  private load(code: string, entry = "component.js"): string | undefined {
    this.deadline = performance.now() + this.loadMs;
    try {
      return this.evaluate(code, entry);
    } catch (error) {
      this.broken = true;
      return hostFailure(error);
    }
  }

  private evaluate(code: string, entry: string): string | undefined {
    const ctx = this.context;
    const prelude = ctx.evalCode(PRELUDE, "prelude.js");
    if (prelude.error) return this.failure(prelude.error, this.loadMs);
    this.render = prelude.value;
    this.deadline = performance.now() + this.loadMs;
    const module = ctx.evalCode(code, entry, { type: "module" });
    if (module.error) return this.failure(module.error, this.loadMs);
    const component = ctx.getProp(module.value, "default");
    module.value.dispose();
    if (ctx.typeof(component) !== "function") {
      component.dispose();
      return "the default export is not a function; expected export default function Name({ state, density }) { … }";
    }
    this.component = component;
    return undefined;
  }

  /** Renders with the props as JSON; the tree comes back as a JSON string (not yet checked). */
  call(propsJson: string): SandboxResult {
    if (this.disposed || !this.render || !this.component) return { ok: false, error: "the sandbox was closed" };
    const ctx = this.context;
    const props = ctx.newString(propsJson);
    this.deadline = performance.now() + this.renderMs;
    let result;
    try {
      result = ctx.callFunction(this.render, ctx.undefined, this.component, props);
    } catch (error) {
      // a trap of the wasm itself (the host's stack overflowed inside it, `unreachable`): never reuse it
      this.broken = true;
      return { ok: false, error: hostFailure(error) };
    } finally {
      if (!this.broken) props.dispose();
    }
    if (result.error) {
      const error = this.failure(result.error, this.renderMs);
      this.broken = /^(took longer|ran out of memory|overflowed)/.test(error);
      return { ok: false, error };
    }
    const handle = result.value;
    try {
      if (ctx.typeof(handle) !== "string") return { ok: false, error: "the render did not return a tree" };
      const lengthHandle = ctx.getProp(handle, "length");
      const length = ctx.getNumber(lengthHandle);
      lengthHandle.dispose();
      if (length > limits.outputBytes)
        return { ok: false, error: `its output is ${length} characters of JSON; the limit is ${limits.outputBytes}` };
      return { ok: true, json: ctx.getString(handle) };
    } finally {
      handle.dispose();
    }
  }

  /** Whether the last failure may have left the runtime unusable (interrupted, out of memory or stack). */
  broken = false;

  private failure(error: QuickJSHandle, ms: number): string {
    let text: string;
    try {
      const dumped = this.context.dump(error) as { name?: unknown; message?: unknown; stack?: unknown } | unknown;
      text = describeThrown(dumped, ms);
    } catch {
      text = "threw something that cannot be read";
    } finally {
      error.dispose();
    }
    return text;
  }

  /**
   * Frees the runtime, unless a failure may have left it inconsistent: then it is only dropped (its wasm
   * memory is its own and the collector takes it), since QuickJS's teardown asserts on objects an overflow
   * leaked and aborts the whole process.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.broken) return;
    this.render?.dispose();
    this.component?.dispose();
    this.context.dispose();
    this.runtime.dispose();
  }
}

/** A JavaScript error of the host thrown out of the wasm call, as one line. */
function hostFailure(error: unknown): string {
  if (error instanceof RangeError) return "overflowed the host's stack (nesting too deep)";
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `the engine failed: ${clipError(text, 160)}`;
}

/** Whether a failure is the time limit: wall time, which a busy machine can run out of for a fast source. */
export const isTimeOut = (error: string): boolean => error.startsWith("took longer than ");

// The transpiler reprints the code, so a run-time position is not the source's; the function name is.
// the component's own module or a helper of a component file; never the prelude's frames
const FRAME = /at ([\w$]+) \((?!prelude\.js)[^():]+\.[jt]sx?:/;

/** "interrupted" → the time limit; "out of memory" → the memory limit; else the message and where it was thrown. */
export function describeThrown(thrown: unknown, ms: number): string {
  if (thrown === null || typeof thrown !== "object") return `threw ${clipError(String(thrown), 120)}`;
  const { name, message, stack } = thrown as { name?: unknown; message?: unknown; stack?: unknown };
  const text = typeof message === "string" ? message : String(message);
  if (name === "InternalError" && text === "interrupted") return `took longer than ${ms} ms`;
  if (name === "InternalError" && /out of memory|too long/.test(text)) return "ran out of memory";
  if (name === "InternalError" && text === "stack overflow") return "overflowed its stack (recursion too deep)";
  // JSON.parse of deep nesting reports it as a SyntaxError; the runtime is as unusable as after recursion
  if (text === "stack overflow") return "overflowed its stack (nesting too deep)";
  const frame = typeof stack === "string" ? FRAME.exec(stack) : null;
  const where = frame ? ` (in ${frame[1]})` : "";
  return `${typeof name === "string" ? name : "Error"}: ${clipError(text, 160)}${where}`;
}

/** Transpiles the source and opens it in a new QuickJS instance; one line on failure. */
export async function openSandbox(
  source: string,
  transpile: (source: string) => { ok: true; code: string } | { ok: false; error: string },
  engine: () => Promise<QuickJSWASMModule>,
): Promise<ComponentSandbox | { error: string }> {
  const code = transpile(source);
  if (!code.ok) return { error: code.error };
  const opened = ComponentSandbox.open(await engine(), code.code);
  return opened.ok ? opened.sandbox : { error: opened.error };
}
