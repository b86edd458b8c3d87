import { describe, expect, test } from "bun:test";
import type { HudEvent } from "@agent-hud/hud-components";
import type { EventReader } from "../../src/store/ports.ts";
import { StreamCache } from "../../src/runtime/stream-cache.ts";

type Entry = { seq: number; event: HudEvent; pending?: true };

/** A store whose entries the test edits directly, as a flush or another process would. */
function fakeStore(entries: Entry[]): EventReader & { entries: Entry[]; reads: number[] } {
  const reads: number[] = [];
  return {
    entries,
    reads,
    read(_stream: string, afterSeq = 0) {
      reads.push(afterSeq);
      return entries.filter((e) => e.seq > afterSeq);
    },
  };
}

const note = (content: string, at = 1): HudEvent => ({ kind: "note.add", at, content });

describe("StreamCache", () => {
  test("folds new events only, by seq", () => {
    const store = fakeStore([{ seq: 1, event: note("a") }]);
    const cache = new StreamCache("session:s", "session", {});
    cache.catchUp(store);
    store.entries.push({ seq: 2, event: note("b") });
    cache.catchUp(store);
    expect(store.reads).toEqual([0, 1]);
    expect(cache.state.notes.map((n) => n.content)).toEqual(["a", "b"]);
    expect(cache.lastSeq).toBe(2);
  });

  test("pending events show in the state but are refolded once they are flushed under other seqs", () => {
    const store = fakeStore([
      { seq: 1, event: note("a") },
      { seq: 2, event: note("mine"), pending: true },
    ]);
    const cache = new StreamCache("session:s", "session", {});
    cache.catchUp(store);
    expect(cache.state.notes.map((n) => n.content)).toEqual(["a", "mine"]);
    expect(cache.lastSeq).toBe(1);
    // another process wrote seq 2 first; our buffered event was flushed as seq 3
    store.entries.splice(1, 1, { seq: 2, event: note("theirs") }, { seq: 3, event: note("mine") });
    cache.catchUp(store);
    expect(cache.state.notes.map((n) => `${n.id}:${n.content}`)).toEqual(["n1:a", "n2:theirs", "n3:mine"]);
    expect(cache.lastSeq).toBe(3);
  });

  test("reports the reducer's outcome for watched seqs", () => {
    const store = fakeStore([
      { seq: 1, event: note("a") },
      { seq: 2, event: { kind: "note.remove", at: 2, id: "n9" } },
    ]);
    const cache = new StreamCache("session:s", "session", {});
    const outcomes = cache.catchUp(store, new Set([1, 2]));
    expect(outcomes.get(1)).toEqual({ ok: true, id: "n1" });
    expect(outcomes.get(2)?.ok).toBe(false);
  });

  test("section caps from the options apply", () => {
    const store = fakeStore([1, 2, 3].map((i) => ({ seq: i, event: note(`n${i}`) })));
    const cache = new StreamCache("session:s", "session", { caps: { notes: 2 } });
    cache.catchUp(store);
    expect(cache.state.notes.map((n) => n.content)).toEqual(["n2", "n3"]);
  });
});
