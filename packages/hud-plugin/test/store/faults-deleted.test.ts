import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STREAM, contents, note, openStore, tempDir, text, reopened } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe("database file deleted while running", () => {
  test("without handling, WAL writes after rm go to an unlinked file nobody else can see", () => {
    const path = join(dir, "raw.db");
    const raw = new Database(path);
    raw.run("PRAGMA journal_mode = WAL");
    raw.run("CREATE TABLE t (x)");
    rmSync(path);
    raw.run("INSERT INTO t VALUES (1)"); // succeeds, into the deleted inode
    expect(raw.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
    raw.close();
    expect(existsSync(path)).toBe(false);
  });

  test("rm of the file: the store notices, recreates it from the open handle and keeps seqs", () => {
    const { store, logs } = openStore(dir);
    const before = [1, 2, 3].flatMap((i) => store.append(STREAM, [note(i)]));
    rmSync(join(dir, "hud.db"));
    const after = store.append(STREAM, [note(4)]);
    expect([...before, ...after]).toEqual([1, 2, 3, 4]);
    expect(existsSync(join(dir, "hud.db"))).toBe(true);
    expect(logs.some((l) => l.msg.includes("was deleted or replaced"))).toBe(true);
    store.close();

    expect(reopened(dir)).toEqual([
      [1, "note 1"],
      [2, "note 2"],
      [3, "note 3"],
      [4, "note 4"],
    ]);
  });

  test("rm of the file noticed by recentSessions: session rows come back too", () => {
    const { store } = openStore(dir);
    store.touchSession({ sessionID: "ses_a", projectKey: "0123456789abcdef", now: 9 });
    rmSync(join(dir, "hud.db"));
    expect(store.recentSessions("0123456789abcdef", "other", 1)[0]).toEqual({ sessionID: "ses_a", updatedAt: 9 });
    store.close();
  });

  test("rm -rf of the whole directory, noticed on read", () => {
    const { store } = openStore(dir);
    store.append(STREAM, [note(1), note(2)]);
    store.touchSession({ sessionID: "ses_test01", projectKey: "0123456789abcdef", now: 5 });
    rmSync(dir, { recursive: true, force: true });
    expect(contents(store)).toEqual(["note 1", "note 2"]);
    expect(existsSync(join(dir, "hud.db"))).toBe(true);
    store.close();
    const { store: fresh } = openStore(dir);
    expect(contents(fresh)).toEqual(["note 1", "note 2"]);
    expect(fresh.recentSessions("0123456789abcdef", "other", 1)[0]).toEqual({ sessionID: "ses_test01", updatedAt: 5 });
    fresh.close();
  });

  test("deleted and not recreatable yet: everything stays readable in memory and is flushed later, in order", () => {
    const { store } = openStore(dir);
    store.append(STREAM, [note(1)]);
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, "a file where the directory was");
    const seqs = store.append(STREAM, [note(2)]);
    expect(seqs).toEqual([2]);
    expect(store.status().mode).toBe("degraded");
    expect(store.read(STREAM).map((e) => [e.seq, text(e), e.pending ?? false])).toEqual([
      [1, "note 1", false],
      [2, "note 2", true],
    ]);
    expect(store.flush()).toBe(false);

    rmSync(dir);
    mkdirSync(dir);
    store.append(STREAM, [note(3)]);
    expect(store.status().mode).toBe("durable");
    store.close();
    expect(reopened(dir)).toEqual([
      [1, "note 1"],
      [2, "note 2"],
      [3, "note 3"],
    ]);
  });

  test("two stores had the file open when it was deleted: each event is restored exactly once", () => {
    const { store: a } = openStore(dir);
    const { store: b } = openStore(dir);
    a.append(STREAM, [note(1)]);
    b.append(STREAM, [note(2)]);
    rmSync(join(dir, "hud.db"));
    a.append(STREAM, [note(3)]);
    b.append(STREAM, [note(4)]);
    // b still had the deleted file (and its WAL) open while a recreated it: the new file must be sound.
    expect(contents(b)).toHaveLength(4);
    a.close();
    b.close();
    const check = new Database(join(dir, "hud.db"), { readonly: true });
    expect(check.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    check.close();
    const { store: fresh } = openStore(dir);
    const got = contents(fresh);
    expect(got).toHaveLength(4);
    expect([...got].sort()).toEqual(["note 1", "note 2", "note 3", "note 4"]);
    expect(got.indexOf("note 1")).toBeLessThan(got.indexOf("note 3"));
    expect(got.indexOf("note 2")).toBeLessThan(got.indexOf("note 4"));
    fresh.close();
  });
});
