// What deleting costs and leaves: the index update with SQLite's secure_delete FAST (the plugin's setting)
// against OFF, retention's prune, and `agent-hud purge` of one session in a 10,000-message index, with the
// copies of the deleted text left in the data folder's bytes. `bun purge.ts` runs it alone.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventStore, purge, Recall } from "@agent-hud/hud-plugin/internal";

const PROJECT = "0123456789abcdef";
const DAY = 86_400_000;
const NOW = 400 * DAY;
const silent = { log() {}, once() {} } as never;
const fmt = (n: number) => n.toFixed(3);

let ids = 0;
function observe(recall: Recall, session: string, at: number, text: string): void {
  const id = `msg_${(++ids).toString(36).padStart(8, "0")}`;
  recall.observe({ kind: "message", session, id, role: "user", at });
  recall.observe({ kind: "text", session, message: id, id: `prt_${id}`, text });
}

const body = (session: string, i: number) =>
  `${session}marker ${i} ${"lorem ipsum dolor sit amet consectetur ".repeat(8 + (i % 20))}`;

/** Copies of `text` in the raw bytes of every file of the folder. */
function copies(dir: string, text: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const bytes = readFileSync(join(dir, name));
    for (let at = bytes.indexOf(text); at >= 0; at = bytes.indexOf(text, at + 1)) n++;
  }
  return n;
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** 10 sessions × 1,000 messages, one of them past retention; `mode` is the secure_delete setting. */
function fill(dir: string, mode: "FAST" | "OFF") {
  const store = EventStore.open({ dir, log: () => {} });
  const recall = Recall.open({
    dir,
    projectKey: PROJECT,
    retentionDays: 90,
    log: silent,
    now: () => NOW,
    eventLog: store.path,
  })!;
  recall.index.db.run(`PRAGMA secure_delete = ${mode}`);
  const samples: number[] = [];
  const at = (s: number) => (s === 0 ? NOW - 120 * DAY : NOW - DAY);
  for (let s = 0; s < 10; s++) store.touchSession({ sessionID: `ses_${s}`, projectKey: PROJECT, now: at(s) });
  // the sessions' messages interleave, so each page holds several sessions' text and a deletion frees parts of pages
  for (let i = 0; i < 1_000; i++) {
    for (let s = 0; s < 10; s++) {
      const session = `ses_${s}`;
      const start = Bun.nanoseconds();
      observe(recall, session, at(s) + i, body(session, i));
      samples.push((Bun.nanoseconds() - start) / 1e6);
    }
  }
  samples.sort((a, b) => a - b);
  return { store, recall, update: { p50: p(samples, 0.5), p99: p(samples, 0.99) } };
}

export async function runPurgeBench(): Promise<void> {
  for (const mode of ["OFF", "FAST"] as const) {
    const dir = mkdtempSync(join(tmpdir(), "hud-bench-purge-"));
    try {
      const { store, recall, update } = fill(dir, mode);
      let start = Bun.nanoseconds();
      recall.prune();
      const pruneMs = (Bun.nanoseconds() - start) / 1e6;
      const leftByPrune = copies(dir, "ses_0marker");
      start = Bun.nanoseconds();
      // the person's purge runs while this instance keeps its connections open, as with opencode running
      const { busy } = purge(dir, ["ses_1"], []);
      const purgeMs = (Bun.nanoseconds() - start) / 1e6;
      const leftByPurge = copies(dir, "ses_1marker");
      console.log(
        `secure_delete ${mode}: index update per message, n=10,000: p50 ${fmt(update.p50)} ms  p99 ${fmt(update.p99)} ms; ` +
          `retention prune of 1 of 10 sessions ${pruneMs.toFixed(1)} ms, copies left ${leftByPrune}; ` +
          `purge of 1 session ${purgeMs.toFixed(1)} ms, copies left ${leftByPurge} (of 1,000 written)${busy.length ? `, -wal busy: ${busy.join(", ")}` : ""}`,
      );
      recall.close();
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (import.meta.main) await runPurgeBench();
