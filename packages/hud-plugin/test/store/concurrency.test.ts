import { afterEach, beforeEach, expect, test } from "bun:test";
import { replay, type HudEvent } from "@agent-hud/hud-components";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { STREAM, openStore, spawnFixture, tempDir, text } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

test("two processes appending to one stream at once: every event present once, in order per writer", async () => {
  openStore(dir).store.close(); // create the schema first so both writers start on equal terms
  const count = 1500;
  const barrier = join(dir, "barrier");
  mkdirSync(barrier);
  const writers = ["A", "B"].map((name) =>
    spawnFixture("writer.ts", [dir, STREAM, name, String(count), barrier, "A,B"]),
  );
  const reports = await Promise.all(
    writers.map(async (proc) => {
      const [out, err, code] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ]);
      expect(err).toBe("");
      expect(code).toBe(0);
      return JSON.parse(out) as { seqs: number[]; seen: number; pending: number };
    }),
  );
  for (const report of reports) {
    expect(report.seqs).toHaveLength(count);
    expect(report.pending).toBe(0);
    expect(report.seen).toBeGreaterThanOrEqual(count);
  }
  // Whoever finished last caught up with every event of the other process.
  expect(Math.max(...reports.map((r) => r.seen))).toBe(2 * count);

  const { store } = openStore(dir);
  const events = store.read(STREAM);
  store.close();
  expect(events).toHaveLength(2 * count);
  const keys = events.map(text);
  expect(new Set(keys).size).toBe(2 * count);
  for (const name of ["A", "B"]) {
    const order = events
      .map(text)
      .filter((c) => c.startsWith(`${name}:`))
      .map((c) => Number(c.slice(2)));
    expect(order).toEqual(Array.from({ length: count }, (_, i) => i));
  }
  // The seqs each writer was given are the seqs the log holds for its events.
  const seqOf = new Map(events.map((e) => [text(e), e.seq]));
  reports.forEach((report, w) => {
    const name = w === 0 ? "A" : "B";
    expect(report.seqs).toEqual(report.seqs.map((_, i) => seqOf.get(`${name}:${i}`)!));
  });
  // The writers really interleaved (otherwise this test would prove nothing about concurrency).
  const [a, b] = reports.map((r) => r.seqs);
  expect(Math.min(a!.at(-1)!, b!.at(-1)!)).toBeGreaterThan(Math.max(a![0]!, b![0]!));
}, 30_000);

test("a crash between append and render: a restart replays the log to the same state", async () => {
  const proc = spawnFixture("crasher.ts", [dir, STREAM]);
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  expect(proc.signalCode).toBe("SIGKILL");
  expect(code).not.toBe(0);
  const appended = JSON.parse(out) as HudEvent[];

  const { store } = openStore(dir);
  const logged = store.read(STREAM).map((e) => e.event as HudEvent);
  store.close();
  expect(logged).toEqual(appended);
  const state = replay("session", logged);
  expect(state).toEqual(replay("session", appended));
  expect(state.task?.description).toBe("ship the store");
}, 15_000);
