import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STREAM, contents, note, openStore, tempDir, text } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

function garbage(bytes: number): Buffer<ArrayBuffer> {
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buf[i] = (i * 7919 + 13) % 251;
  return buf;
}

function quarantined(): string[] {
  return readdirSync(dir).filter((f) => f.startsWith("hud.db.corrupt-"));
}

describe("corrupt database file", () => {
  test("garbage bytes at open: the raw file is unusable, the store moves it aside and starts fresh", () => {
    const path = join(dir, "hud.db");
    writeFileSync(path, garbage(16_384));
    expect(() => new Database(path).query("SELECT 1 FROM sqlite_master").all()).toThrow(/not a database/);

    const { store, logs } = openStore(dir);
    expect(store.append(STREAM, [note(1)])).toEqual([1]);
    expect(contents(store)).toEqual(["note 1"]);
    expect(store.status().mode).toBe("durable");
    const aside = quarantined();
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^hud\.db\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(readFileSync(join(dir, aside[0]!))).toEqual(garbage(16_384));
    expect(logs.some((l) => l.level === "error" && l.msg.includes("is corrupt") && l.msg.includes(aside[0]!))).toBe(
      true,
    );
    store.close();
  });

  test("damaged pages behind a valid header are caught by the integrity check at open", () => {
    const { store: first } = openStore(dir);
    for (let i = 0; i < 200; i++) first.append(STREAM, [note(i, { content: `note ${i} ${"x".repeat(200)}` })]);
    first.close();
    const path = join(dir, "hud.db");
    const bytes = readFileSync(path);
    expect(bytes.length).toBeGreaterThan(8 * 4096);
    bytes.set(garbage(4 * 4096), 3 * 4096); // keep page 1 (header + schema), smash pages 4-7
    writeFileSync(path, bytes);

    const { store, logs } = openStore(dir);
    expect(quarantined()).toHaveLength(1);
    expect(logs.some((l) => l.msg.includes("is corrupt"))).toBe(true);
    const [seq] = store.append(STREAM, [note(999)]);
    expect(store.read(STREAM).map((e) => text(e))).toEqual(["note 999"]);
    expect(seq).toBe(1);
    store.close();
  });

  test("destroyed while open: the fault is caught on use and every event this process recorded is kept", () => {
    const { store, logs } = openStore(dir);
    const before = [1, 2, 3].flatMap((i) => store.append(STREAM, [note(i)]));
    const path = join(dir, "hud.db");
    // Checkpoint so the rows live in the main file, then overwrite the whole file under the open handle.
    const side = new Database(path);
    side.run("PRAGMA wal_checkpoint(TRUNCATE)");
    side.close();
    writeFileSync(path, garbage(statSync(path).size));

    expect(() => new Database(path).query("SELECT count(*) FROM events").get()).toThrow(/not a database/);

    const after = store.append(STREAM, [note(4)]);
    expect(after).toEqual([before.at(-1)! + 1]);
    const all = store.read(STREAM);
    expect(all.map((e) => [e.seq, text(e), e.pending])).toEqual([
      [1, "note 1", undefined],
      [2, "note 2", undefined],
      [3, "note 3", undefined],
      [4, "note 4", undefined],
    ]);
    expect(store.status().mode).toBe("durable");
    store.close();
    expect(quarantined()).toHaveLength(1);
    expect(logs.some((l) => l.level === "error" && l.msg.includes("is corrupt"))).toBe(true);

    const { store: again } = openStore(dir);
    expect(contents(again)).toEqual(["note 1", "note 2", "note 3", "note 4"]);
    again.close();
  });
});
