// Host adapters side by side: what start-up (opening the plugin) and one LLM call's hooks cost through the
// V1 hooks in-process and through the V2 `setup` driven by a simulated V2 context (no opencode 2 binary can
// run here; the context is built from V2's published plugin types, as in e2e/v2-contract/). `bun host-v2.ts`
// runs it alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHooks, setupV2, type V2Host } from "@agent-hud/hud-plugin/internal";

const SESSION = "ses_benchv2";
const MODEL = { id: "m", providerID: "bench", limit: { context: 200_000, output: 8_000 } };
const quiet = { app: { log: async () => {} }, session: { messages: async () => ({ data: [] }) } };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (t0: number) => (Bun.nanoseconds() - t0) / 1e6;

type Callback = (event: never) => Promise<void> | void;

function v2Context(dir: string) {
  const hooks = new Map<string, Callback>();
  const tools = new Map<string, { execute(input: unknown, ctx: { sessionID: string }): Promise<unknown> }>();
  const reg = () => Promise.resolve({ dispose: () => {} });
  const ctx = {
    options: { storageDir: join(dir, "store") },
    location: { directory: join(dir, "project") },
    session: { hook: (name: string, cb: Callback) => (hooks.set(name, cb), reg()) },
    tool: {
      transform: (cb: (ed: { add(t: { name: string } & never): void }) => void) => {
        cb({ add: (t: { name: string }) => void tools.set(t.name, t as never) });
        return reg();
      },
      hook: (name: string, cb: Callback) => (hooks.set(`tool.${name}`, cb), reg()),
    },
    event: { subscribe: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }) }) },
    model: { list: async () => [MODEL] },
  };
  return { ctx: ctx as unknown as V2Host, hooks, tools };
}

function turns(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    content: [{ type: "text", text: `turn ${i}` }],
  }));
}

async function v2(dir: string) {
  const t0 = Bun.nanoseconds();
  const host = v2Context(dir);
  const cleanup = await setupV2(host.ctx);
  const start = ms(t0);
  const hud = host.tools.get("hud")!;
  await hud.execute({ tool: "task.set", args: { description: "Rotate refresh tokens" } }, { sessionID: SESSION });
  for (let i = 0; i < 20; i++)
    await hud.execute(
      { tool: "notes.add", args: { content: `note ${i}: the limiter uses INCR` } },
      { sessionID: SESSION },
    );
  const context = host.hooks.get("context")!;
  const call = async () => {
    const e = {
      sessionID: SESSION,
      kind: "primary",
      model: MODEL,
      system: [{ type: "text", text: "You are opencode." }],
      messages: turns(20),
    };
    const t = Bun.nanoseconds();
    await context(e as never);
    return ms(t);
  };
  return { start, call, stop: async () => cleanup && (await cleanup()) };
}

async function v1(dir: string) {
  const t0 = Bun.nanoseconds();
  const project = join(dir, "project");
  const input = {
    client: quiet,
    project: {},
    directory: project,
    worktree: project,
    serverUrl: new URL("http://127.0.0.1:1"),
  };
  const hooks = (await createHooks(input as never, { storageDir: join(dir, "store") })) as Required<
    Awaited<ReturnType<typeof createHooks>>
  >;
  const start = ms(t0);
  const run = (tool: string, args: object) =>
    hooks.tool.hud!.execute({ tool, args } as never, { sessionID: SESSION } as never);
  await run("task.set", { description: "Rotate refresh tokens" });
  for (let i = 0; i < 20; i++) await run("notes.add", { content: `note ${i}: the limiter uses INCR` });
  const messages = turns(20).map((m, i) => ({
    info: { id: `msg_${String(i).padStart(5, "0")}`, role: m.role, sessionID: SESSION, time: { created: i } },
    parts: [{ id: `prt_${i}`, type: "text", text: m.content[0]!.text }],
  }));
  const call = async () => {
    const t = Bun.nanoseconds();
    await hooks["experimental.chat.system.transform"]({ sessionID: SESSION, model: MODEL } as never, {
      system: ["You are opencode."],
    });
    await hooks["experimental.chat.messages.transform"]({} as never, { messages: [...messages] } as never);
    return ms(t);
  };
  return { start, call, stop: () => hooks.dispose() };
}

export async function runHostBench(): Promise<void> {
  console.log("adapter            start p50 (ms)   per-call p50 (ms)   per-call p99 (ms)");
  for (const [label, open] of [
    ["V1 hooks", v1],
    ["V2 setup (simulated host)", v2],
  ] as const) {
    const starts: number[] = [];
    const calls: number[] = [];
    for (let round = 0; round < 5; round++) {
      const dir = mkdtempSync(join(tmpdir(), "hud-host-bench-"));
      try {
        const adapter = await open(dir);
        starts.push(adapter.start);
        for (let i = 0; i < 100; i++) await adapter.call();
        for (let i = 0; i < 400; i++) calls.push(await adapter.call());
        await adapter.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    starts.sort((a, b) => a - b);
    calls.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(26)} ${pct(starts, 50).toFixed(2).padStart(8)} ${pct(calls, 50).toFixed(3).padStart(18)} ${pct(calls, 99).toFixed(3).padStart(19)}`,
    );
  }
}

if (import.meta.main) await runHostBench();
