// Event store benchmark: append latency (one event per transaction, as the plugin appends), cold read
// and cold replay of 10,000 and 100,000 events, memory after replay. `bun store.ts` runs it alone.
import { replay, type HudEvent } from "@agent-hud/hud-components";
import { heapStats } from "bun:jsc";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { EventStore } from "@agent-hud/hud-plugin/internal";

const APPEND_TARGET_P99_MS = 1;
const REPLAY_TARGET_MS = 50;
const STREAM = "session:ses_bench";

/** A realistic session mix: mostly file and note traffic, some steps, decisions and task edits. */
function eventAt(i: number): HudEvent {
  const at = 1_700_000_000_000 + i * 1000;
  switch (i % 10) {
    case 0:
      return { kind: "task.set", at, description: `Refactor the session store, pass ${i}` };
    case 1:
    case 2:
      return { kind: "file.open", at, path: `packages/hud-plugin/src/module-${i % 37}.ts`, action: "edit" };
    case 3:
      return { kind: "note.add", at, content: `Observed behaviour ${i}: WAL readers do not block the writer` };
    case 4:
      return { kind: "step.add", at, description: `Step ${i}: cover the fault path with a test` };
    case 5:
      return { kind: "step.complete", at, id: `s${1 + (((i / 10) | 0) % 10)}` };
    case 6:
      return { kind: "decision.record", at, summary: `Decision ${i}`, details: "keep one database per user" };
    case 7:
      return { kind: "context.snapshot", at, usedTokens: 40_000 + i, usableTokens: 192_000 };
    case 8:
      return { kind: "turn", at };
    default:
      return { kind: "note.remove", at, id: `n${1 + (i % 20)}` };
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (ns: number) => ns / 1e6;
const fmt = (n: number, digits = 3) => n.toFixed(digits);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function benchAppend(dir: string): { p50: number; p99: number; max: number } {
  const store = EventStore.open({ dir });
  for (let i = 0; i < 300; i++) store.append(STREAM, [eventAt(i)]); // warm the JIT and the statement cache
  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const event = eventAt(i);
    const t0 = Bun.nanoseconds();
    store.append(STREAM, [event]);
    samples.push(ms(Bun.nanoseconds() - t0));
  }
  store.close();
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1) ?? Number.NaN };
}

/** The per-LLM-call cost: catching up a stream of 1,000 events from the last seq seen (nothing new). */
function benchCatchUp(dir: string): { p50: number; p99: number } {
  const store = EventStore.open({ dir });
  const seqs = store.append(
    STREAM,
    Array.from({ length: 1000 }, (_, i) => eventAt(i)),
  );
  const last = seqs.at(-1) ?? 0;
  for (let i = 0; i < 300; i++) store.read(STREAM, last);
  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t0 = Bun.nanoseconds();
    store.read(STREAM, last);
    samples.push(ms(Bun.nanoseconds() - t0));
  }
  store.close();
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

function fill(dir: string, count: number): void {
  const store = EventStore.open({ dir });
  for (let start = 0; start < count; start += 1000) {
    store.append(
      STREAM,
      Array.from({ length: Math.min(1000, count - start) }, (_, k) => eventAt(start + k)),
    );
  }
  store.close();
}

type ColdResult = {
  openMs: number;
  readMs: number;
  replayMs: number;
  events: number;
  /** Growth over the process's baseline (runtime and modules loaded), after a full GC. */
  rssDelta: number;
  heapWithEvents: number;
  heapStateOnly: number;
};

/** Keeps replayed states reachable so the memory figures include them. */
const retained: unknown[] = [];

/** Open, read and replay a stream as a freshly started plugin would; run in its own process for a cold JIT. */
/** RSS and the JavaScriptCore heap (process.memoryUsage().heapUsed under Bun does not track live objects). */
function memory(): { rss: number; heap: number } {
  Bun.gc(true);
  return { rss: process.memoryUsage().rss, heap: heapStats().heapSize };
}

function coldReplay(dir: string): ColdResult {
  const base = memory();
  const t0 = Bun.nanoseconds();
  const store = EventStore.open({ dir });
  const t1 = Bun.nanoseconds();
  let entries: ReturnType<EventStore["read"]> | undefined = store.read(STREAM);
  const t2 = Bun.nanoseconds();
  const state = replay(
    "session",
    entries.map((e) => e.event),
  );
  const t3 = Bun.nanoseconds();
  retained.push(state);
  const events = entries.length;
  const withEvents = memory();
  entries = undefined; // the plugin keeps the folded state, not the event list
  const stateOnly = memory();
  store.close();
  return {
    openMs: ms(t1 - t0),
    readMs: ms(t2 - t1),
    replayMs: ms(t3 - t2),
    events,
    rssDelta: withEvents.rss - base.rss,
    heapWithEvents: withEvents.heap - base.heap,
    heapStateOnly: stateOnly.heap - base.heap,
  };
}

async function coldInChild(dir: string): Promise<ColdResult> {
  const proc = Bun.spawn([process.execPath, import.meta.path, "--cold", dir], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`cold replay child failed for ${dir}`);
  return JSON.parse(out) as ColdResult;
}

export async function runStoreBench(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "hud-store-bench-"));
  try {
    // Tail latencies on a shared machine follow its load; print it so a missed p99 can be read in context.
    console.log(
      `## event store (bun:sqlite, WAL, synchronous=NORMAL; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")})`,
    );
    const append = benchAppend(join(root, "append"));
    const verdict = append.p99 < APPEND_TARGET_P99_MS ? "ok" : "MISSED";
    console.log(
      `append, 1 event/transaction, n=3000: p50 ${fmt(append.p50)} ms  p99 ${fmt(append.p99)} ms  max ${fmt(append.max)} ms  (target p99 < ${APPEND_TARGET_P99_MS} ms: ${verdict})`,
    );
    const catchUp = benchCatchUp(join(root, "catch-up"));
    console.log(`catch-up read, nothing new, n=3000: p50 ${fmt(catchUp.p50)} ms  p99 ${fmt(catchUp.p99)} ms`);
    console.log(
      "events  | db size | open+check | read     | replay   | read+replay | RSS +    | heap + (events, state) | fresh process",
    );
    for (const count of [10_000, 100_000]) {
      const dir = join(root, `n${count}`);
      fill(dir, count);
      const size = statSync(join(dir, "hud.db")).size;
      for (const [label, result] of [
        ["yes", await coldInChild(dir)],
        ["no (warm JIT)", coldReplay(dir)],
      ] as const) {
        if (result.events !== count) throw new Error(`read ${result.events} of ${count} events`);
        const total = result.readMs + result.replayMs;
        const target =
          count === 10_000 ? ` (target < ${REPLAY_TARGET_MS} ms: ${total < REPLAY_TARGET_MS ? "ok" : "MISSED"})` : "";
        console.log(
          [
            String(count).padEnd(7),
            mb(size).padEnd(7),
            `${fmt(result.openMs, 1).padStart(7)} ms`,
            `${fmt(result.readMs, 1).padStart(5)} ms`,
            `${fmt(result.replayMs, 1).padStart(5)} ms`,
            `${fmt(total, 1).padStart(8)} ms`,
            mb(result.rssDelta).padStart(8),
            `${mb(result.heapWithEvents)}, ${mb(result.heapStateOnly)}`.padEnd(22),
            `${label}${target}`,
          ].join(" | "),
        );
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const coldDir = process.argv[2] === "--cold" ? process.argv[3] : undefined;
  if (coldDir) console.log(JSON.stringify(coldReplay(coldDir)));
  else await runStoreBench();
}
