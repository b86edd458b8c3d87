import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { STREAM, contents, firstLine, note, openStore, spawnFixture, tempDir, text, reopened } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const big = (i: number) => note(i, { content: `note ${i} ${"z".repeat(20_000)}` });

describe("disk full", () => {
  test("SQLITE_FULL from the engine: appends are buffered in order and flushed when space returns", () => {
    let connection: Database | undefined;
    let diskFull = true;
    const { store, logs } = openStore(dir, {
      seams: {
        // A page cap makes SQLite itself report a full disk, exactly as ENOSPC would surface.
        afterOpen: (db) => {
          connection = db;
          if (diskFull)
            db.run(
              `PRAGMA max_page_count = ${(db.query("PRAGMA page_count").get() as { page_count: number }).page_count}`,
            );
        },
      },
    });
    expect(store.append(STREAM, [note(1)])).toEqual([1]);
    expect(() =>
      connection!.run("INSERT INTO events (uid, stream, kind, payload, at) VALUES ('raw', 's', 'k', ?, 0)", [
        "x".repeat(20_000),
      ]),
    ).toThrow(/full/);

    expect(store.append(STREAM, [big(2)])).toEqual([2]);
    expect(store.append(STREAM, [note(3)])).toEqual([3]);
    expect(store.read(STREAM).map((e) => [e.seq, e.pending ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(logs.some((l) => l.msg.includes("SQLITE_FULL"))).toBe(true);
    expect(store.status()).toMatchObject({ mode: "degraded", pending: 2 });

    diskFull = false;
    connection!.run("PRAGMA max_page_count = 1073741823");
    expect(store.append(STREAM, [note(4)])).toEqual([4]);
    expect(store.status()).toMatchObject({ mode: "durable", pending: 0 });
    store.close();
    const { store: fresh } = openStore(dir);
    expect(contents(fresh).map((c) => c.slice(0, 6))).toEqual(["note 1", "note 2", "note 3", "note 4"]);
    fresh.close();
  });
});

describe("locked by another process beyond the busy timeout", () => {
  async function lockedBy(outcome: "commit" | "rollback") {
    const proc = spawnFixture("locker.ts", [join(dir, "hud.db"), outcome]);
    expect(await firstLine(proc.stdout)).toBe("locked");
    return async () => {
      proc.stdin.end();
      expect(await proc.exited).toBe(0);
    };
  }

  test("appends wait only the busy timeout, are buffered, readable, and flushed after the lock goes", async () => {
    const { store, logs } = openStore(dir, { busyTimeoutMs: 100 });
    store.append(STREAM, [note(1)]);
    const release = await lockedBy("rollback");

    const raw = new Database(join(dir, "hud.db"));
    raw.run("PRAGMA busy_timeout = 100");
    expect(() =>
      raw.run("INSERT INTO events (uid, stream, kind, payload, at) VALUES ('raw', 's', 'k', '{}', 0)"),
    ).toThrow(/locked|busy/i);
    raw.close();

    expect(store.append(STREAM, [note(2)])).toEqual([2]);
    expect(store.read(STREAM).map((e) => [e.seq, text(e), e.pending ?? false])).toEqual([
      [1, "note 1", false],
      [2, "note 2", true],
    ]);
    expect(logs.some((l) => l.level === "warn" && l.msg.includes("SQLITE_BUSY"))).toBe(true);

    await release();
    expect(store.flush()).toBe(true);
    expect(store.read(STREAM).map((e) => [e.seq, e.pending ?? false])).toEqual([
      [1, false],
      [2, false],
    ]);
    store.close();
  }, 15_000);

  test("locked before the store could even open (schema not created yet): it starts in memory and catches up", async () => {
    const release = await lockedBy("rollback"); // a fresh file in rollback-journal mode: readers are blocked too
    const { store, logs } = openStore(dir, { busyTimeoutMs: 100 });
    expect(store.status()).toMatchObject({ mode: "degraded" });
    expect(store.append(STREAM, [note(1)])).toEqual([1]);
    expect(contents(store)).toEqual(["note 1"]);
    expect(logs.some((l) => l.msg.includes("open failed") && /SQLITE_BUSY/.test(l.msg))).toBe(true);
    await release();
    expect(store.flush()).toBe(true);
    store.close();
    expect(reopened(dir)).toEqual([[1, "note 1"]]);
  }, 15_000);

  test("the lock holder also wrote: both writers' events present once, each writer's order kept", async () => {
    const { store } = openStore(dir, { busyTimeoutMs: 100 });
    store.append(STREAM, [note(1)]);
    const release = await lockedBy("commit");
    store.append(STREAM, [note(2)]);
    store.append(STREAM, [note(3)]);
    await release();
    store.append(STREAM, [note(4)]);
    const all = store.read(STREAM);
    expect(all.every((e) => !e.pending)).toBe(true);
    expect(all.map((e) => text(e))).toEqual(["note 1", "from locker", "note 2", "note 3", "note 4"]);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    store.close();
  }, 15_000);
});
