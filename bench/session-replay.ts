// Plays a session's recording (bench/session-recorder.ts: every hook and `hud` call opencode made) back in this
// bare bun process, with agent-hud's bundle (`with`) or without it (`without`: the recording is read and walked
// the same way, no hook runs), then prints one JSON line: the process's peak and final RSS, its CPU over the
// replay, and JSC's heap after a full collection (what is still held) with the object types that grew most.
// Run by session-inprocess.ts, one fresh process per run. Usage: bun session-replay.ts <recording> <with|without>
// <bundle> <dir>
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { heapStats } from "bun:jsc";
import { procStats } from "./session-common.ts";

/** Modules opencode has loaded before any plugin: what they cost is not the plugin's. */
for (const name of ["node:fs", "node:path", "node:os", "node:crypto", "node:url", "node:stream", "bun:sqlite"])
  await import(name);

type Entry = { hook?: string; tool?: string; input?: unknown; output?: unknown; args?: unknown; context?: object };
type Hook = (input: unknown, output: unknown) => Promise<unknown>;
type Hooks = Record<string, unknown> & {
  tool?: Record<string, { execute(args: unknown, context: unknown): Promise<unknown> }>;
  dispose?: () => Promise<void>;
};

const [recording, mode, bundle, dir] = process.argv.slice(2);
if (!recording || (mode !== "with" && mode !== "without") || !bundle || !dir)
  throw new Error("usage: bun session-replay.ts <recording> <with|without> <bundle> <dir>");
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
const pid = process.pid;
const typesAtStart = heapStats().objectTypeCounts;

const lines = readFileSync(recording, "utf8").split("\n").filter(Boolean);
let latest: unknown[] = [];
let hooks: Hooks | undefined;
if (mode === "with") {
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  const sessionID = (JSON.parse(lines.find((l) => l.includes('"sessionID"'))!) as { input: { sessionID?: string } })
    .input.sessionID;
  const client = {
    app: { log: async () => {} },
    tui: { showToast: async () => {} },
    session: {
      list: async () => ({ data: sessionID ? [{ id: sessionID, time: { updated: Date.now() } }] : [] }),
      messages: async () => ({ data: latest }),
    },
  };
  const input = {
    client,
    project: {},
    directory: project,
    worktree: project,
    serverUrl: new URL("http://127.0.0.1:1"),
  };
  const plugin = (await import(bundle)) as { default: { server: (i: unknown, o: unknown) => Promise<Hooks> } };
  hooks = await plugin.default.server(input, { storageDir: join(dir, "store") });
}

// the CPU over the session only: opencode imports and starts its plugins before any session, as here
const start = procStats(pid);
let calls = 0;
for (const line of lines) {
  const entry = JSON.parse(line) as Entry;
  if (entry.hook === "experimental.chat.messages.transform") {
    latest = (entry.output as { messages: unknown[] }).messages;
    calls++;
  }
  if (hooks && entry.hook) await (hooks[entry.hook] as Hook | undefined)?.(entry.input, entry.output);
  if (hooks && entry.tool)
    await hooks.tool?.[entry.tool]
      ?.execute(entry.args, { ...entry.context, abort: new AbortController().signal })
      .catch(() => {});
  await turn();
}
const end = procStats(pid);
// what the calls queued for after them settles, as the session bench waits a second after the session
await Bun.sleep(1_000);
const after = procStats(pid);
Bun.gc(true);
const heap = heapStats();
const usage = process.memoryUsage();
const grown = Object.entries(heap.objectTypeCounts)
  .map(([type, n]) => [type, n - (typesAtStart[type] ?? 0)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12);
await hooks?.dispose?.();
console.log(
  JSON.stringify({
    calls,
    peak: after.peak,
    after: after.rss,
    cpuMs: end.cpuMs - start.cpuMs,
    heapSize: heap.heapSize,
    extraMemory: heap.extraMemorySize,
    objects: heap.objectCount,
    external: usage.external,
    grown,
  }),
);
