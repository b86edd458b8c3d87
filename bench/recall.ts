// Recall benchmark: index update per message, search over 1k/10k/100k indexed messages, database size,
// a simulated year of daily use under the default retention, and the first search after a start.
// `bun recall.ts` runs it alone.
import { mkdtempSync, rmSync, statSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  createRedactor,
  EventStore,
  Recall,
  RECALL_FILE,
  RecallIndex,
  type HostEvent,
} from "@agent-hud/hud-plugin/internal";
import { neighbourSizes, sizeLine } from "./recall-quality/size.ts";

const TARGET = {
  updateP99Ms: 5,
  searchP99MsAt10k: 20,
  bytesPer10k: 32 * 2 ** 20,
  yearBytes: 150 * 2 ** 20,
  firstCallMs: 100,
};
const PROJECT = "0123456789abcdef";
const DAY = 86_400_000;
const silent = { log() {}, once() {} } as never;
// as in the plugin: every indexed text passes the redactor, so the update figures include it
const redact = createRedactor({ redact: true }).text;

// deterministic text: ~6k distinct words, Zipf-like frequencies, tool outputs longer than chat text
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const SYLLABLES = "ka lo mi re tu sa ve po ni da ge ru zo fi ba te ko lu me xa".split(" ");
const WORDS = Array.from({ length: 6_000 }, (_, i) => {
  let word = "";
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const word = () => WORDS[Math.floor(Math.pow(WORDS.length, random())) - 1]!;
const sentence = (words: number) => Array.from({ length: words }, word).join(" ");

let ids = 0;
/** One message as the plugin sees it (the host's events): the message and its finished part (text or a tool call). */
function message(session: string, at: number): HostEvent[] {
  const id = `msg_${(++ids).toString(36).padStart(8, "0")}`;
  const role = ids % 3 === 0 ? "user" : "assistant";
  const tool = role === "assistant" && ids % 2 === 0;
  const where = { session, message: id, id: `prt_${id}` };
  const part: HostEvent = tool
    ? {
        kind: "tool",
        ...where,
        tool: "bash",
        own: false,
        done: true,
        failed: false,
        input: { command: sentence(4) },
        output: sentence(240),
      }
    : { kind: "text", ...where, text: sentence(role === "user" ? 25 : 70), at };
  return [{ kind: "message", session, id, role, at }, part];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const fmt = (n: number) => n.toFixed(3);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const ok = (pass: boolean) => (pass ? "ok" : "MISSED");
const fileSize = (path: string) =>
  [path, `${path}-wal`].reduce((s, p) => s + (existsSync(p) ? statSync(p).size : 0), 0);

function open(dir: string, now = () => Date.now()) {
  return Recall.open({ dir, projectKey: PROJECT, retentionDays: 90, log: silent, now, redact })!;
}

async function searchStats(recall: Recall, store: EventStore, session: string, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const query = Array.from({ length: 1 + (i % 3) }, word).join(" ");
    const start = Bun.nanoseconds();
    await recall.search(store, session, { query });
    samples.push((Bun.nanoseconds() - start) / 1e6);
  }
  return stats(samples);
}

async function scaling(dir: string): Promise<void> {
  const recall = open(dir);
  const store = EventStore.open({ dir, log: () => {} });
  const session = "ses_bench";
  const updates: number[] = [];
  let indexed = 0;
  for (const size of [1_000, 10_000, 100_000]) {
    // the first 2,000 messages are timed one by one, as bus events arrive; the rest are loaded in bulk
    while (indexed < Math.min(size, 2_000)) {
      const events = message(session, Date.now());
      const start = Bun.nanoseconds();
      for (const e of events) recall.observe(e);
      updates.push((Bun.nanoseconds() - start) / 1e6);
      indexed++;
    }
    recall.index.transaction(() => {
      for (; indexed < size; indexed++) for (const e of message(session, Date.now())) recall.observe(e);
    });
    if (size === 1_000) {
      const u = stats(updates.slice(200));
      console.log(
        `index update per message (message + part, own transaction), n=${updates.length - 200}: p50 ${fmt(u.p50)} ms  p99 ${fmt(u.p99)} ms  (target p99 < ${TARGET.updateP99Ms} ms: ${ok(u.p99 < TARGET.updateP99Ms)})`,
      );
    }
    await searchStats(recall, store, session, 20); // warm the statement cache and the page cache
    const s = await searchStats(recall, store, session, 300);
    const target =
      size === 10_000 ? `  (target p99 < ${TARGET.searchP99MsAt10k} ms: ${ok(s.p99 < TARGET.searchP99MsAt10k)})` : "";
    console.log(
      `search over ${size.toLocaleString("en")} messages, 1–3 words, n=300: p50 ${fmt(s.p50)} ms  p99 ${fmt(s.p99)} ms${target}`,
    );
    if (size === 10_000) {
      recall.index.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
      const bytes = fileSize(join(dir, RECALL_FILE));
      console.log(
        `database size per 10,000 messages: ${mb(bytes)}  (target < ${mb(TARGET.bytesPer10k)}: ${ok(bytes < TARGET.bytesPer10k)})`,
      );
      console.log(sizeLine("index at 10,000 messages, compacted", neighbourSizes(recall.index.db)));
    }
  }
  recall.close();
  store.close();
}

/** A year of daily use: 2 sessions a day, 120 messages and 30 HUD events each; retention runs at each day's start. */
async function year(dir: string): Promise<void> {
  let now = Date.UTC(2026, 0, 1);
  const store = EventStore.open({ dir, log: () => {} });
  let messages = 0;
  let peak = 0;
  for (let day = 0; day < 365; day++, now += DAY) {
    const recall = Recall.open({
      dir,
      projectKey: PROJECT,
      retentionDays: 90,
      log: silent,
      now: () => now,
      eventLog: store.path,
      redact,
    })!;
    recall.prune();
    for (let s = 0; s < 2; s++) {
      const session = `ses_y${day}s${s}`;
      store.touchSession({ sessionID: session, projectKey: PROJECT, now });
      recall.index.transaction(() => {
        for (let m = 0; m < 120; m++, messages++) for (const e of message(session, now + m * 1_000)) recall.observe(e);
      });
      store.append(
        `session:${session}`,
        Array.from({ length: 30 }, (_, i) => ({ kind: "note.add" as const, at: now + i, content: sentence(20) })),
      );
      await recall.search(store, session, { query: word() }); // indexes the day's HUD log
    }
    recall.close();
    store.flush();
    peak = Math.max(peak, fileSize(join(dir, RECALL_FILE)) + fileSize(store.path));
  }
  const total = fileSize(join(dir, RECALL_FILE)) + fileSize(store.path);
  console.log(
    `simulated year (365 days × 2 sessions × 120 messages + 30 HUD events, retention 90 days): ${messages.toLocaleString("en")} messages seen; index + log at the end ${mb(total)}, peak ${mb(peak)}  (target < ${mb(TARGET.yearBytes)}: ${ok(peak < TARGET.yearBytes)})`,
  );
  // first call after a start: open the year-sized index and answer one search, cold
  const start = Bun.nanoseconds();
  const recall = Recall.open({ dir, projectKey: PROJECT, retentionDays: 90, log: silent, now: () => now })!;
  await recall.search(store, `ses_y364s1`, { query: word() });
  const first = (Bun.nanoseconds() - start) / 1e6;
  console.log(
    `first search after a start (open + search, year-sized index): ${fmt(first)} ms  (target < ${TARGET.firstCallMs} ms: ${ok(first < TARGET.firstCallMs)})`,
  );
  recall.close();
  store.close();
}

/** A 10 MB write (its input and its output): indexed clipped, then searched for a word it repeats 600k times. */
async function hugeWrite(dir: string): Promise<void> {
  const index = RecallIndex.open(dir, "0123456789abcdef");
  const content = `OPENINGWORD ${"lorem ipsum dolor ".repeat(600_000)} CLOSINGWORD`;
  index.message({ kind: "message", id: "msg_big", session: "ses_big", role: "assistant", at: 1 });
  const t0 = Bun.nanoseconds();
  index.part({
    kind: "tool",
    id: "prt_big",
    session: "ses_big",
    message: "msg_big",
    tool: "write",
    own: false,
    done: true,
    failed: false,
    input: { filePath: "big.txt", content },
    output: content,
    at: 1,
  });
  const indexMs = (Bun.nanoseconds() - t0) / 1e6;
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = Bun.nanoseconds();
    index.search("lorem ipsum", { session: "ses_big" }, 10);
    samples.push((Bun.nanoseconds() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `a 10 MB write: indexed (clipped) in ${indexMs.toFixed(1)} ms; search p50 ${samples[25]!.toFixed(2)} ms, p99 ${samples[49]!.toFixed(2)} ms (target <= 200 ms)`,
  );
  index.close();
}

export async function runRecallBench(): Promise<void> {
  console.log(
    `## recall (SQLite FTS5, bm25; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")})`,
  );
  for (const run of [scaling, year, hugeWrite]) {
    const dir = mkdtempSync(join(tmpdir(), "hud-bench-recall-"));
    try {
      await run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (import.meta.main) await runRecallBench();
