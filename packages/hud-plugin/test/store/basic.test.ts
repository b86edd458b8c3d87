import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { EventStore, SCHEMA_VERSION, defaultDir, projectKeyFor, projectStream } from "../../src/store/index.ts";
import { STREAM, contents, note, openStore, tempDir, text } from "./support.ts";

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

describe("append and read", () => {
  test("append returns increasing seqs, one per event, and read returns them in order", () => {
    const { store } = openStore(dir);
    const first = store.append(STREAM, [note(1)]);
    const batch = store.append(STREAM, [note(2), note(3), note(4)]);
    expect(first).toEqual([1]);
    expect(batch).toEqual([2, 3, 4]);
    const all = store.read(STREAM);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(all.map((e) => e.event)).toEqual([note(1), note(2), note(3), note(4)]);
    expect(all.some((e) => e.pending)).toBe(false);
    store.close();
  });

  test("read(stream, afterSeq) returns only what came after the cursor", () => {
    const { store } = openStore(dir);
    store.append(STREAM, [note(1), note(2)]);
    const [third] = store.append(STREAM, [note(3)]);
    expect(store.read(STREAM, 2).map((e) => e.seq)).toEqual([third!]);
    expect(store.read(STREAM, third!)).toEqual([]);
    store.close();
  });

  test("streams are isolated while seqs stay global", () => {
    const { store } = openStore(dir);
    const project = projectStream(projectKeyFor("/some/worktree"));
    store.append(STREAM, [note(1)]);
    store.append(project, [note(2)]);
    store.append(STREAM, [note(3)]);
    expect(store.read(STREAM).map((e) => e.seq)).toEqual([1, 3]);
    expect(store.read(project).map((e) => e.seq)).toEqual([2]);
    store.close();
  });

  test("events survive close and reopen; a second store sees the first one's appends incrementally", () => {
    const { store: a } = openStore(dir);
    const { store: b } = openStore(dir);
    a.append(STREAM, [note(1)]);
    const seen = b.read(STREAM);
    a.append(STREAM, [note(2)]);
    expect(b.read(STREAM, seen.at(-1)!.seq).map((e) => e.event)).toEqual([note(2)]);
    a.close();
    b.close();
    const { store: c } = openStore(dir);
    expect(contents(c)).toEqual(["note 1", "note 2"]);
    c.close();
  });

  test("a batch with one invalid event records nothing and returns no seqs", () => {
    const { store, logs } = openStore(dir);
    const bad = [note(1), { kind: "note.add", at: Number.NaN }] as never;
    expect(store.append(STREAM, bad)).toEqual([]);
    expect(store.append(STREAM, [{ content: "no kind" }] as never)).toEqual([]);
    expect(store.read(STREAM)).toEqual([]);
    expect(
      logs
        .filter((l) => l.level === "error")
        .map((l) => l.msg)
        .join("\n"),
    ).toContain("expected a finite number");
    store.close();
  });

  test("a 1 MB payload with unicode and control characters round-trips unchanged", () => {
    const { store } = openStore(dir);
    const content = "ä\u0000\u001b[31m\n".repeat(131_072);
    store.append(STREAM, [note(1, { content })]);
    store.close();
    const { store: again } = openStore(dir);
    expect(text(again.read(STREAM)[0]!)).toBe(content);
    again.close();
  });

  test("after close every call is a logged no-op", () => {
    const { store, logs } = openStore(dir);
    store.append(STREAM, [note(1)]);
    store.close();
    expect(store.append(STREAM, [note(2)])).toEqual([]);
    expect(store.read(STREAM)).toEqual([]);
    expect(logs.some((l) => l.msg.includes("after close"))).toBe(true);
  });
});

describe("sessions", () => {
  test("recentSessions(…, 1) returns the most recently touched other top-level session of the project", () => {
    const { store } = openStore(dir);
    const key = projectKeyFor("/repo/a");
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10 });
    store.touchSession({ sessionID: "ses_2", projectKey: key, now: 20, parentID: "ses_1" });
    store.touchSession({ sessionID: "ses_3", projectKey: projectKeyFor("/repo/b"), now: 30 });
    // ses_2 is a sub-agent of ses_1: its parent is the session that was working
    expect(store.recentSessions(key, "ses_9", 1)[0]).toEqual({ sessionID: "ses_1", updatedAt: 10 });
    expect(store.recentSessions(key, "ses_1", 1)[0]).toBeUndefined();
    store.touchSession({ sessionID: "ses_4", projectKey: key, now: 35 });
    expect(store.recentSessions(key, "ses_9", 1)[0]).toEqual({ sessionID: "ses_4", updatedAt: 35 });
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 40 });
    expect(store.recentSessions(key, "ses_9", 1)[0]).toEqual({ sessionID: "ses_1", updatedAt: 40 });
    expect(store.recentSessions(projectKeyFor("/repo/c"), "ses_9", 1)[0]).toBeUndefined();
    store.close();
    const db = new Database(join(dir, "hud.db"), { readonly: true });
    const row = db.query("SELECT parent_id AS p, created_at AS c FROM sessions WHERE session_id = 'ses_2'").get();
    expect(row).toEqual({ p: "ses_1", c: 20 });
    db.close();
  });

  test("sessions only buffered in memory (database read-only) are chosen the same way", () => {
    const { store } = openStore(dir, { seams: { forceReadonly: () => true } });
    const key = projectKeyFor("/repo/a");
    store.touchSession({ sessionID: "ses_1", projectKey: key, now: 10 });
    store.touchSession({ sessionID: "ses_2", projectKey: key, now: 20, parentID: "ses_1" });
    expect(store.status().mode).toBe("degraded");
    expect(store.recentSessions(key, "ses_9", 1)[0]).toEqual({ sessionID: "ses_1", updatedAt: 10 });
    store.close();
  });
});

describe("database file", () => {
  test("one WAL database with a schema version table and only hud.db* files in its directory", () => {
    const { store } = openStore(dir, { busyTimeoutMs: 1234 });
    store.append(STREAM, [note(1)]);
    const db = new Database(join(dir, "hud.db"));
    expect(db.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.query("SELECT version FROM schema_version").get()).toEqual({ version: SCHEMA_VERSION });
    const cols = db.query("SELECT name FROM pragma_table_info('events') ORDER BY cid").all();
    expect(cols.map((c) => (c as { name: string }).name)).toEqual(["seq", "uid", "stream", "kind", "payload", "at"]);
    db.close();
    expect(readdirSync(dir).every((f) => f.startsWith("hud.db"))).toBe(true);
    store.close();
  });

  test("reopening an up-to-date database logs nothing and keeps working", () => {
    openStore(dir).store.close();
    const { store, logs } = openStore(dir);
    store.append(STREAM, [note(1)]);
    expect(logs).toEqual([]);
    store.close();
  });

  test("the default directory follows XDG_DATA_HOME and ignores a relative one", () => {
    expect(defaultDir({ XDG_DATA_HOME: "/data" })).toBe("/data/opencode/hud");
    expect(defaultDir({ XDG_DATA_HOME: "relative" })).toEndWith("/.local/share/opencode/hud");
    const store = EventStore.open({ dir });
    expect(store.path).toBe(join(dir, "hud.db"));
    store.close();
  });
});
