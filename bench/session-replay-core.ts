// The replay itself, shared by the bare bun process (session-replay.ts) and the replay inside a real opencode
// process (session-replay-plugin.ts): walks a recording (bench/session-recorder.ts) and, with the bundle,
// calls each hook and `hud` call as opencode did; returns the process's memory and CPU around it.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { heapStats } from "bun:jsc";
import { pluginInput, procStats, residentSplit } from "./session-common.ts";

type Entry = {
  hook?: string;
  tool?: string;
  input?: unknown;
  output?: unknown;
  args?: unknown;
  context?: object;
  turned?: boolean;
};
type Hook = (input: unknown, output: unknown) => Promise<unknown>;
type Hooks = Record<string, unknown> & {
  tool?: Record<string, { execute(args: unknown, context: unknown): Promise<unknown> }>;
  dispose?: () => Promise<void>;
};

export type ReplayResult = {
  calls: number;
  /** RSS before the bundle's import, and after it and the plugin's start (both before any call) */
  beforeImport: number;
  started: number;
  peak: number;
  after: number;
  afterCollection: number;
  anonymous: number;
  fileBacked: number;
  cpuMs: number;
  heapSize: number;
  extraMemory: number;
  objects: number;
  grown: Array<[string, number]>;
};

export type ReplayOptions = {
  /** the recording's bytes (read by the caller, before anything is measured) */
  bytes: Buffer;
  mode: "with" | "without";
  bundle: string;
  /** a fresh folder: the replay's project and the plugin's store */
  dir: string;
  /** plugin options beside `storageDir` (`{"recall":{"enabled":false}}` leaves a part out) */
  pluginOptions?: Record<string, unknown>;
  /** CPU by hook and between hooks, printed to stderr (parsing the recording not counted) */
  timed?: boolean;
};

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The recorded session's id, decoded alone: a match in a decoded stretch of the recording is a substring that
 * keeps the whole stretch alive (2 MiB for the first MiB, mostly non-Latin-1 text), and the fake client holds
 * the id in "with" runs only, so that stretch was counted as the plugin's.
 */
function sessionOf(bytes: Buffer): string | undefined {
  const key = Buffer.from('"sessionID":"');
  const at = bytes.indexOf(key);
  if (at < 0) return undefined;
  const from = at + key.length;
  return bytes.toString("utf8", from, bytes.indexOf(34, from));
}

/** Plays the recording back in this process; the caller reads nothing else of the process meanwhile. */
export async function replayRecording(options: ReplayOptions): Promise<ReplayResult> {
  const { bytes, mode, bundle, dir } = options;
  const pid = process.pid;
  const typesAtStart = heapStats().objectTypeCounts;
  // the recorded project's folder (gone since) becomes this replay's own, in both modes alike
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  // decoded a line at a time: the driver's own garbage stays small and alike in both modes, so freed pages of
  // it do not hide what the plugin allocates
  function* lines(): Generator<string> {
    for (let at = 0; at < bytes.length;) {
      const end = bytes.indexOf(10, at);
      const line = bytes.toString("utf8", at, end < 0 ? bytes.length : end);
      at = end < 0 ? bytes.length : end + 1;
      if (line) yield line;
    }
  }
  const all = lines();
  const recorded = (JSON.parse(all.next().value ?? "{}") as { directory?: string }).directory;
  if (!recorded) throw new Error("the recording does not start with the recorded project's folder");
  const sessionID = sessionOf(bytes);
  let latest: unknown[] = [];
  let hooks: Hooks | undefined;
  const beforeImport = procStats(pid).rss;
  if (mode === "with") {
    const client = {
      app: { log: async () => {} },
      tui: { showToast: async () => {} },
      session: {
        list: async () => ({ data: sessionID ? [{ id: sessionID, time: { updated: Date.now() } }] : [] }),
        messages: async () => ({ data: latest }),
      },
    };
    const input = pluginInput(client, project);
    const plugin = (await import(bundle)) as { default: { server: (i: unknown, o: unknown) => Promise<Hooks> } };
    hooks = await plugin.default.server(input, { ...options.pluginOptions, storageDir: join(dir, "store") });
  }

  // the CPU over the session only: opencode imports and starts its plugins before any session, as here
  const start = procStats(pid);
  const started = start.rss;
  let calls = 0;
  const byHook = new Map<string, number>();
  const cpuNow = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (const line of all) {
    const entry = JSON.parse(line.replaceAll(recorded, project)) as Entry;
    // a turn of the loop where opencode had one before this call (a recording without the mark: before each)
    if (entry.turned !== false) {
      const began = options.timed ? cpuNow() : 0;
      await turn();
      // what the plugin queued for after a hook (timers, flushes) runs here, and JIT and GC threads meanwhile
      if (options.timed) byHook.set("between hooks", (byHook.get("between hooks") ?? 0) + cpuNow() - began);
    }
    if (entry.hook === "experimental.chat.messages.transform") {
      latest = (entry.output as { messages: unknown[] }).messages;
      calls++;
    }
    const began = options.timed ? cpuNow() : 0;
    if (hooks && entry.hook) await (hooks[entry.hook] as Hook | undefined)?.(entry.input, entry.output);
    if (hooks && entry.tool)
      await hooks.tool?.[entry.tool]
        ?.execute(entry.args, { ...entry.context, abort: new AbortController().signal })
        .catch(() => {});
    const name = entry.hook ?? `tool ${entry.tool}`;
    if (options.timed) byHook.set(name, (byHook.get(name) ?? 0) + cpuNow() - began);
  }
  await turn();
  const end = procStats(pid);
  if (options.timed) console.error([...byHook].map(([name, ms]) => `${name}: ${ms.toFixed(0)} ms`).join("\n"));
  // what the calls queued for after them settles, as the session bench waits a second after the session
  await Bun.sleep(1_000);
  const after = procStats(pid);
  Bun.gc(true);
  const heap = heapStats();
  const collected = procStats(pid);
  const split = residentSplit(pid);
  const grown = Object.entries(heap.objectTypeCounts)
    .map(([type, n]) => [type, n - (typesAtStart[type] ?? 0)] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
  await hooks?.dispose?.();
  return {
    calls,
    beforeImport,
    started,
    peak: after.peak,
    after: after.rss,
    afterCollection: collected.rss,
    anonymous: split.anonymous,
    fileBacked: collected.rss - split.anonymous,
    cpuMs: end.cpuMs - start.cpuMs,
    heapSize: heap.heapSize,
    extraMemory: heap.extraMemorySize,
    objects: heap.objectCount,
    grown,
  };
}
