import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  STREAM,
  contents,
  freezeOnlyTestName,
  freezeWorks,
  mustFreeze,
  note,
  openStore,
  readonlyTestName,
  tempDir,
  text,
} from "./support.ts";

let dir: string;
let cleanup: () => void;
let thaw: (() => void) | undefined;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => {
  thaw?.();
  thaw = undefined;
  cleanup();
});

function seed(): void {
  const { store } = openStore(dir);
  store.append(STREAM, [note(1), note(2)]);
  store.close();
}

describe("read-only database", () => {
  test(
    readonlyTestName("an unwritable file: history stays readable, appends are buffered and flushed once writable"),
    () => {
      seed();
      const path = join(dir, "hud.db");
      const real = freezeWorks();
      let readonly = !real;
      thaw = real ? mustFreeze(path) : undefined;
      const seams = real ? {} : { forceReadonly: () => readonly };
      if (real) {
        // Without handling, a write is a hard error.
        const raw = new Database(path);
        expect(() =>
          raw.run("INSERT INTO events (uid, stream, kind, payload, at) VALUES ('u', 's', 'k', '{}', 0)"),
        ).toThrow(/readonly/);
        raw.close();
      }

      const { store, logs } = openStore(dir, { seams });
      expect(store.append(STREAM, [note(3)])).toEqual([3]);
      expect(store.append(STREAM, [note(4)])).toEqual([4]);
      expect(store.read(STREAM).map((e) => [e.seq, text(e), e.pending ?? false])).toEqual([
        [1, "note 1", false],
        [2, "note 2", false],
        [3, "note 3", true],
        [4, "note 4", true],
      ]);
      expect(store.status()).toMatchObject({ mode: "degraded", pending: 2 });
      expect(logs.some((l) => l.level === "error" && /SQLITE_READONLY/.test(l.msg))).toBe(true);
      expect(store.flush()).toBe(false);

      thaw?.();
      thaw = undefined;
      readonly = false;
      expect(store.flush()).toBe(true);
      expect(store.status()).toMatchObject({ mode: "durable", pending: 0 });
      expect(logs.some((l) => l.level === "info" && l.msg.includes("writable again; flushed 2"))).toBe(true);
      store.close();
      const { store: fresh } = openStore(dir);
      expect(fresh.read(STREAM).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      fresh.close();
    },
  );

  test("a read-only connection from the start (seam) behaves the same: no throw, no loss", () => {
    seed();
    let readonly = true;
    const { store } = openStore(dir, { seams: { forceReadonly: () => readonly } });
    expect(store.status().readonly).toBe(true);
    store.append(STREAM, [note(3)]);
    expect(contents(store)).toEqual(["note 1", "note 2", "note 3"]);
    readonly = false;
    store.append(STREAM, [note(4)]);
    expect(store.status().mode).toBe("durable");
    store.close();
    const { store: fresh } = openStore(dir);
    expect(contents(fresh)).toEqual(["note 1", "note 2", "note 3", "note 4"]);
    fresh.close();
  });
});

describe("unwritable storage directory", () => {
  test.skipIf(!freezeWorks())(
    freezeOnlyTestName("an unwritable directory: the store runs from memory and writes when it becomes writable"),
    () => {
      thaw = mustFreeze(dir);
      expect(() => writeFileSync(join(dir, "probe"), "")).toThrow();
      const { store, logs } = openStore(dir);
      expect(store.append(STREAM, [note(1)])).toEqual([1]);
      store.touchSession({ sessionID: "ses_test01", projectKey: "0123456789abcdef", now: 7 });
      expect(contents(store)).toEqual(["note 1"]);
      expect(store.recentSessions("0123456789abcdef", "x", 1)[0]).toEqual({ sessionID: "ses_test01", updatedAt: 7 });
      expect(logs.some((l) => l.msg.includes("open failed"))).toBe(true);
      thaw();
      thaw = undefined;
      expect(store.flush()).toBe(true);
      store.close();
      const { store: fresh } = openStore(dir);
      expect(contents(fresh)).toEqual(["note 1"]);
      expect(fresh.recentSessions("0123456789abcdef", "x", 1)[0]).toEqual({ sessionID: "ses_test01", updatedAt: 7 });
      fresh.close();
    },
  );

  test.skipIf(!freezeWorks())(
    freezeOnlyTestName("an existing database in a directory that became unwritable: history stays readable"),
    () => {
      seed();
      thaw = mustFreeze(dir);
      const { store, logs } = openStore(dir);
      expect(store.append(STREAM, [note(3)])).toEqual([3]);
      expect(store.read(STREAM).map((e) => [e.seq, text(e), e.pending ?? false])).toEqual([
        [1, "note 1", false],
        [2, "note 2", false],
        [3, "note 3", true],
      ]);
      expect(logs.some((l) => l.msg.includes("open read-write failed"))).toBe(true);
      thaw?.();
      thaw = undefined;
      expect(store.flush()).toBe(true);
      expect(store.read(STREAM).map((e) => [e.seq, e.pending ?? false])).toEqual([
        [1, false],
        [2, false],
        [3, false],
      ]);
      store.close();
    },
  );

  test("a directory path that is a regular file: appends never throw; close reports what could not be written", () => {
    const blocked = join(dir, "not-a-dir");
    writeFileSync(blocked, "");
    const { store, logs } = openStore(join(blocked, "hud"));
    expect(store.append(STREAM, [note(1), note(2)])).toEqual([1, 2]);
    expect(contents(store)).toEqual(["note 1", "note 2"]);
    store.close();
    expect(logs.at(-1)).toMatchObject({ level: "error" });
    expect(logs.at(-1)!.msg).toContain("closing with 2 event(s) not written");
  });
});
