// The process agent components run in: started by the plugin (sandbox-client.ts), spoken to over IPC, and
// killed from outside when a render outruns the call's budget. Nothing of the host is in here but JSON.
import type { DensityOutput, RenderOne, SandboxReply, SandboxRequest } from "./sandbox-protocol.ts";
import { clipError } from "./clip-error.ts";
import { loadQuickJS, newEngine } from "./quickjs.ts";
import { ComponentSandbox } from "./sandbox.ts";
import { transpile } from "./transpile.ts";

/** The shared props (`{ state, project }` as JSON) with this render's density added. */
const withDensity = (props: string, density: string) => `${props.slice(0, -1)},"density":${JSON.stringify(density)}}`;

const kept = new Map<string, ComponentSandbox>();
const send = (reply: SandboxReply) => process.send!(reply);

/**
 * A sandbox that failed in a way that may leave QuickJS inconsistent (time, memory, either stack) is
 * dropped without `dispose()`: its engine has wasm memory of its own, which the collector takes, and
 * QuickJS's own teardown asserts (and aborts the process) on objects an overflow leaked.
 */
function forget(key: string, sandbox: ComponentSandbox): void {
  if (kept.get(key) === sandbox) kept.delete(key);
  if (!sandbox.broken) sandbox.dispose();
}

async function open(request: RenderOne): Promise<ComponentSandbox | string> {
  const existing = kept.get(request.key);
  if (existing && !request.fresh) return existing;
  if (existing) forget(request.key, existing);
  const linked = request.entry === undefined ? undefined : compileHelpers(request.helpers ?? {});
  if (typeof linked === "string") return linked;
  const code = transpile(request.source, linked ? "file" : "agent");
  if (!code.ok) return code.error;
  const graph = linked && request.entry !== undefined ? { entry: request.entry, helpers: linked } : undefined;
  const opened = ComponentSandbox.open(await newEngine(), code.code, request.renderMs, request.loadMs, graph);
  if (!opened.ok) return opened.error;
  kept.set(request.key, opened.sandbox);
  return opened.sandbox;
}

/** A component file's helpers compiled under the same checks; the first that fails is the one line. */
function compileHelpers(helpers: Record<string, string>): Record<string, string> | string {
  const compiled: Record<string, string> = {};
  for (const [path, source] of Object.entries(helpers)) {
    const code = transpile(source, "helper");
    if (!code.ok) return `${path}: ${code.error}`;
    compiled[path] = code.code;
  }
  return compiled;
}

async function render(request: RenderOne): Promise<SandboxReply> {
  const opened = !kept.has(request.key) || request.fresh === true;
  if (opened) send({ id: request.id, op: "opening" });
  const sandbox = await open(request);
  if (opened) send({ id: request.id, op: "opened" });
  if (typeof sandbox === "string") return { id: request.id, op: "rendered", ok: false, error: sandbox };
  const outputs: DensityOutput[] = [];
  for (const density of request.densities) {
    const result = sandbox.call(withDensity(request.props, density));
    outputs.push(result.ok ? { density, ok: true, json: result.json } : { density, ok: false, error: result.error });
    if (sandbox.broken) {
      forget(request.key, sandbox);
      break;
    }
  }
  return { id: request.id, op: "rendered", ok: true, outputs, opened };
}

// one request at a time, in arrival order: the host knows which render is running by what has answered
let queue = Promise.resolve();
let queued = 0;
/**
 * Collects garbage once the renders of a call are answered and nothing else waits: left to itself, the
 * collector paused about one render in a hundred for several ms, in the middle of a call.
 */
const collectWhenIdle = () => setImmediate(() => queued === 0 && Bun.gc(false));
process.on("message", (request: SandboxRequest) => {
  queued++;
  queue = queue.then(async () => {
    // a request that failed outside its render must not stop the queue: the host sees it in stderr
    await handle(request).catch((error) => console.error(`sandbox process: ${String(error)}`));
    if (--queued === 0 && request.op !== "close") collectWhenIdle();
  });
});

async function handle(request: SandboxRequest): Promise<void> {
  if (request.op === "close") {
    const sandbox = kept.get(request.key);
    if (sandbox) forget(request.key, sandbox);
    return;
  }
  const { first, items, props, loadMs, renderMs } = request;
  for (const [i, item] of items.entries()) {
    const one = { ...item, id: first + i, op: "render" as const, props, loadMs, renderMs };
    send(await render(one).catch((error) => failed(one.id, error)));
  }
}

const failed = (id: number, error: unknown): SandboxReply => ({
  id,
  op: "rendered",
  ok: false,
  error: `the sandbox failed: ${clipError(String(error), 160)}`,
});

await loadQuickJS();
// a first compile, load and render before the first real one, so none pays for cold code
await render({
  id: 0,
  op: "render",
  key: "warm-up",
  source: "export default ({ density }) => <paragraph>{density}</paragraph>;",
  props: '{"state":{},"project":{}}',
  densities: ["full"],
  loadMs: 5_000,
  renderMs: 5_000,
}).finally(() => kept.get("warm-up")?.dispose());
kept.delete("warm-up");
send({ id: 0, op: "ready" });

// the plugin's process went away: nothing is left to render for
process.on("disconnect", () => process.exit(0));
